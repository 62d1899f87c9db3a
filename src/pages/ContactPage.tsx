import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { usePageTitle } from '../features/site/usePageTitle';
import { ContactForm } from '../features/contact/ContactForm';
import { ContactDetails } from '../features/site/ContactDetails';
import { siteAtom } from '../state/atoms';

export default function ContactPage() {
  const { t } = useLingui();
  const site = useAtomValue(siteAtom);
  usePageTitle(t`Contact`);
  return (
    <div className="page-stack">
      <h1 className="t-h1">
        <Trans>Contact</Trans>
      </h1>
      <div className="contact-columns">
        <section aria-labelledby="contact-form-heading" className="surface page-section contact-columns__form">
          <h2 id="contact-form-heading" className="t-h2 gutter-bottom">
            <Trans>Send us a message</Trans>
          </h2>
          <ContactForm />
        </section>
        <section aria-labelledby="contact-details" className="surface page-section contact-columns__details">
          <h2 id="contact-details" className="t-h2 gutter-bottom">
            <Trans>Get in touch</Trans>
          </h2>
          <ContactDetails site={site} />
        </section>
      </div>
    </div>
  );
}
