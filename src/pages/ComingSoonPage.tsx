import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../lib/Link';
import { usePageTitle } from '../features/site/usePageTitle';
import { Tagline } from '../features/site/Tagline';
import { comingSoonAtom } from '../features/site/comingSoonAtoms';
import type { ComingSoonRedirectState } from '../features/site/ComingSoonGate';
import { ContactDetails } from '../features/site/ContactDetails';
import { Countdown } from '../features/site/Countdown';
import { formatEventTime } from '../lib/format';
import { siteAtom } from '../state/atoms';

/** Where the gate's redirect was going; history state can hold anything, so only a path of this site counts. */
function redirectedFrom(state: unknown): string | undefined {
  const from = (state as Partial<ComingSoonRedirectState> | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}

/**
 * The coming-soon page. A visitor who was sent here (the gate's redirect names where they were going) or who saw
 * the mode on here is taken back as soon as the mode ends (switched off by staff, or the launch moment passed);
 * a visitor who opened it with the mode off stays, as a preview. That the gate sent them is part of the
 * location, not of what this page saw: the mode can end before the page's code has even arrived.
 */
export default function ComingSoonPage() {
  const { t, i18n } = useLingui();
  const site = useAtomValue(siteAtom);
  const { active } = useAtomValue(comingSoonAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const sentFrom = redirectedFrom(location.state);
  const sawActive = useRef(active);
  usePageTitle(t`Coming soon`);
  const launch = site.launch && formatEventTime(site.launch, i18n.locale, site.timezone ?? 'UTC');

  useEffect(() => {
    if (active) {
      sawActive.current = true;
      return;
    }
    if (sentFrom === undefined && !sawActive.current) return;
    void navigate(sentFrom ?? '/home', { replace: true });
  }, [active, sentFrom, navigate]);

  return (
    <div className="surface coming-soon">
      <p className="t-overline">
        <Trans>Coming soon</Trans>
      </p>
      <h1 className="t-h1">{site.name}</h1>
      <Tagline className="t-body1 text-secondary" />
      {site.launch && launch ? (
        <>
          <p className="t-body1">
            <Trans>
              We open on <time dateTime={site.launch}>{launch}</time>.
            </Trans>
          </p>
          <Countdown target={Date.parse(site.launch)} />
        </>
      ) : (
        <p className="t-body1">
          <Trans>We are getting ready to open.</Trans>
        </p>
      )}
      <ContactDetails site={site} />
      {site.calendar && (
        <a href={site.calendar} rel="noopener" className="link">
          <Trans>Add our events to your calendar</Trans>
        </a>
      )}
      <div className="button-row">
        <Link to="/login" className="button">
          <Trans>Staff sign in</Trans>
        </Link>
        {!active && (
          <Link to="/home" className="button">
            <Trans>Go to the shop</Trans>
          </Link>
        )}
      </div>
    </div>
  );
}
