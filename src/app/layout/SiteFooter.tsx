import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { ContactDetails } from '../../features/site/ContactDetails';
import { Tagline } from '../../features/site/Tagline';
import { Link } from '../../lib/Link';
import { siteAtom } from '../../state/atoms';
import { PageWidth } from './PageWidth';
import { LanguagePicker } from './LanguagePicker';

export function SiteFooter() {
  const site = useAtomValue(siteAtom);
  return (
    <footer className="site-footer">
      <PageWidth maxWidth="lg" className="site-footer__content">
        <div>
          <p className="t-h6">{site.name}</p>
          <Tagline className="t-body1 text-secondary" />
          <Link to="/giftcard" className="site-footer__link t-body1">
            <Trans>Gift card balance</Trans>
          </Link>
        </div>
        <ContactDetails site={site} dense />
        <LanguagePicker />
      </PageWidth>
    </footer>
  );
}
