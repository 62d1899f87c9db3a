import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { usePageTitle } from '../features/site/usePageTitle';
import { ContactForm } from '../features/contact/ContactForm';
import { ContactDetails } from '../features/site/ContactDetails';
import { siteAtom } from '../state/atoms';

export default function ContactPage() {
  const site = useAtomValue(siteAtom);
  usePageTitle('Contact');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Contact</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Paper
          component="section"
          aria-labelledby="contact-form-heading"
          variant="outlined"
          sx={{ p: 3, flex: 2, width: '100%' }}
        >
          <Typography id="contact-form-heading" variant="h2" gutterBottom>
            Send us a message
          </Typography>
          <ContactForm />
        </Paper>
        <Paper
          component="section"
          aria-labelledby="contact-details"
          variant="outlined"
          sx={{ p: 3, flex: 1, width: '100%' }}
        >
          <Typography id="contact-details" variant="h2" gutterBottom>
            Get in touch
          </Typography>
          <ContactDetails site={site} />
        </Paper>
      </Stack>
    </Stack>
  );
}
