import { useAtomValue } from 'jotai';
import { usePageTitle } from '../features/site/usePageTitle';
import { ContactDetails } from '../features/site/ContactDetails';
import { siteAtom } from '../state/atoms';

export default function AboutPage() {
  const site = useAtomValue(siteAtom);
  usePageTitle('About');
  return (
    <div className="page-stack">
      <h1 className="t-h1">About {site.name}</h1>
      {site.tagline && <p className="t-h2 page-tagline text-secondary">{site.tagline}</p>}
      <section aria-labelledby="about-details" className="surface page-section">
        <h2 id="about-details" className="t-h2 gutter-bottom">
          Where to find us
        </h2>
        <ContactDetails site={site} />
        {site.calendar && (
          <a href={site.calendar} rel="noopener" className="link about-calendar">
            Our events calendar
          </a>
        )}
      </section>
    </div>
  );
}
