import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { usePageTitle } from '../features/site/usePageTitle';
import { Tagline } from '../features/site/Tagline';
import { ContactDetails } from '../features/site/ContactDetails';
import { siteAtom } from '../state/atoms';

export default function AboutPage() {
  const { t } = useLingui();
  const site = useAtomValue(siteAtom);
  // The organiser's words as an element, never a string inside a message: Lingui reads tags in a string
  // (docs/languages.md).
  const name = <>{site.name}</>;
  usePageTitle(t`About`);
  return (
    <div className="page-stack">
      <h1 className="t-h1">
        <Trans>About {name}</Trans>
      </h1>
      <Tagline className="t-h2 page-tagline text-secondary" />
      <section aria-labelledby="about-details" className="surface page-section">
        <h2 id="about-details" className="t-h2 gutter-bottom">
          <Trans>Where to find us</Trans>
        </h2>
        <ContactDetails site={site} />
        {site.calendar && (
          <a href={site.calendar} rel="noopener" className="link about-calendar">
            <Trans>Our events calendar</Trans>
          </a>
        )}
      </section>
    </div>
  );
}
