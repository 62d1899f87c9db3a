import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { usePageTitle } from '../app/usePageTitle';
import { ContactDetails } from '../features/site/ContactDetails';
import { siteAtom } from '../state/atoms';

function formatLaunch(launch: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(launch));
}

export default function ComingSoonPage() {
  const site = useAtomValue(siteAtom);
  usePageTitle('Coming soon');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
      <Stack spacing={2}>
        <Typography variant="overline" component="p">
          Coming soon
        </Typography>
        <Typography variant="h1">{site.name}</Typography>
        {site.tagline && <Typography color="text.secondary">{site.tagline}</Typography>}
        <Typography>
          {site.launch ? `We open on ${formatLaunch(site.launch, site.locale)}.` : 'We are getting ready to open.'}
        </Typography>
        <ContactDetails site={site} />
        <div>
          <Button component={Link} to="/home" variant="text">
            Go to the shop
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
