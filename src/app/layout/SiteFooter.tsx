import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { ContactDetails } from '../../features/site/ContactDetails';
import { siteAtom } from '../../state/atoms';
import { PageWidth } from './PageWidth';

export function SiteFooter() {
  const site = useAtomValue(siteAtom);
  return (
    <Box component="footer" sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', mt: 6 }}>
      <PageWidth maxWidth="lg" sx={{ py: 4, display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <div>
          <Typography component="p" variant="h6">
            {site.name}
          </Typography>
          {site.tagline && <Typography color="text.secondary">{site.tagline}</Typography>}
        </div>
        <ContactDetails site={site} dense />
      </PageWidth>
    </Box>
  );
}
