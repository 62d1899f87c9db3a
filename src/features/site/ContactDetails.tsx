import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { SiteState } from '../../state/types';

/** Only digits and a leading plus belong in a tel: link. */
export function telephoneHref(telephone: string): string {
  return `tel:${telephone.replace(/[^\d+]/g, '')}`;
}

/** The address and the ways to reach the shop, each a working link; fields the shop has not set are left out. */
export function ContactDetails({ site, dense = false }: { site: SiteState; dense?: boolean }) {
  const address = [site.address, site.postcode].filter(Boolean).join(', ');
  const lines = [
    address && <span key="address">{address}</span>,
    site.telephone && (
      <Link key="telephone" href={telephoneHref(site.telephone)} color="inherit">
        {site.telephone}
      </Link>
    ),
    site.email && (
      <Link key="email" href={`mailto:${site.email}`} color="inherit">
        {site.email}
      </Link>
    ),
    site.website && (
      <Link key="website" href={site.website} color="inherit" rel="noopener">
        {site.website.replace(/^https?:\/\//, '')}
      </Link>
    ),
  ].filter(Boolean);

  if (lines.length === 0) {
    return <Typography color="text.secondary">The shop hasn’t published its contact details yet.</Typography>;
  }
  return (
    <Box component="address" sx={{ fontStyle: 'normal', display: 'flex', flexDirection: 'column', gap: dense ? 0.25 : 0.75 }}>
      {lines}
    </Box>
  );
}
