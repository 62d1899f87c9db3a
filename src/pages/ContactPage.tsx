import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { usePageTitle } from '../app/usePageTitle';
import { ContactDetails } from '../features/site/ContactDetails';
import { siteAtom } from '../state/atoms';

export default function ContactPage() {
  const site = useAtomValue(siteAtom);
  usePageTitle('Contact');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Contact</Typography>
      <Paper component="section" aria-labelledby="contact-details" variant="outlined" sx={{ p: 3 }}>
        <Typography id="contact-details" variant="h2" gutterBottom>
          Get in touch
        </Typography>
        <ContactDetails site={site} />
      </Paper>
      <Typography color="text.secondary">
        A message form is not available yet; please use the details above.
      </Typography>
    </Stack>
  );
}
