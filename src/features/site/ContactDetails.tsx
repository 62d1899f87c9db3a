import { Trans } from '@lingui/react/macro';
import type { SiteState } from '../../state/types';

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
      <a key="telephone" href={telephoneHref(site.telephone)}>
        {site.telephone}
      </a>
    ),
    site.email && (
      <a key="email" href={`mailto:${site.email}`}>
        {site.email}
      </a>
    ),
    site.website && (
      <a key="website" href={site.website} rel="noopener">
        {site.website.replace(/^https?:\/\//, '')}
      </a>
    ),
  ].filter(Boolean);

  if (lines.length === 0) {
    return (
      <p className="t-body1 text-secondary">
        <Trans>The shop hasn’t published its contact details yet.</Trans>
      </p>
    );
  }
  return <address className={`contact-details${dense ? ' contact-details--dense' : ''}`}>{lines}</address>;
}
