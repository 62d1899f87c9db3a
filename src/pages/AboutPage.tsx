import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { usePageTitle } from '../features/site/usePageTitle';
import { ContactDetails } from '../features/site/ContactDetails';
import { siteAtom } from '../state/atoms';

export default function AboutPage() {
  const site = useAtomValue(siteAtom);
  usePageTitle('About');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">About {site.name}</Typography>
      {site.tagline && (
        <Typography variant="h2" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
          {site.tagline}
        </Typography>
      )}
      <Paper component="section" aria-labelledby="about-details" variant="outlined" sx={{ p: 3 }}>
        <Typography id="about-details" variant="h2" gutterBottom>
          Where to find us
        </Typography>
        <ContactDetails site={site} />
        {site.calendar && (
          <Link href={site.calendar} rel="noopener" sx={{ display: 'inline-block', mt: 2 }}>
            Our events calendar
          </Link>
        )}
      </Paper>
    </Stack>
  );
}
