import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { SiteState } from '../../state/types';

/** Plain links in the page's text colour: the footer is on every page, so no MUI Link in the start-up bundle. */
const linkStyle = { color: 'inherit', textDecoration: 'underline', textUnderlineOffset: '0.15em' } as const;

/** Only digits and a leading plus belong in a tel: link. */
function telephoneHref(telephone: string): string {
  return `tel:${telephone.replace(/[^\d+]/g, '')}`;
}

/** The address and the ways to reach the shop, each a working link; fields the shop has not set are left out. */
export function ContactDetails({ site, dense = false }: { site: SiteState; dense?: boolean }) {
  const address = [site.address, site.postcode].filter(Boolean).join(', ');
  const lines = [
    address && <span key="address">{address}</span>,
    site.telephone && (
      <Box component="a" key="telephone" href={telephoneHref(site.telephone)} sx={linkStyle}>
        {site.telephone}
      </Box>
    ),
    site.email && (
      <Box component="a" key="email" href={`mailto:${site.email}`} sx={linkStyle}>
        {site.email}
      </Box>
    ),
    site.website && (
      <Box component="a" key="website" href={site.website} rel="noopener" sx={linkStyle}>
        {site.website.replace(/^https?:\/\//, '')}
      </Box>
    ),
  ].filter(Boolean);

  if (lines.length === 0) {
    return <Typography color="text.secondary">The shop hasn’t published its contact details yet.</Typography>;
  }
  return (
    <Box
      component="address"
      sx={{ fontStyle: 'normal', display: 'flex', flexDirection: 'column', gap: dense ? 0.25 : 0.75 }}
    >
      {lines}
    </Box>
  );
}
