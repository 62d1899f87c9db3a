import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../features/site/usePageTitle';
import { comingSoonAtom } from '../features/site/comingSoonAtoms';
import type { ComingSoonRedirectState } from '../features/site/ComingSoonGate';
import { ContactDetails } from '../features/site/ContactDetails';
import { Countdown } from '../features/site/Countdown';
import { siteAtom } from '../state/atoms';

function formatLaunch(launch: string, locale: string): string {
  // No timeZone option: the visitor sees the moment in their own time zone.
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(launch));
}

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
  const site = useAtomValue(siteAtom);
  const { active } = useAtomValue(comingSoonAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const sentFrom = redirectedFrom(location.state);
  const sawActive = useRef(active);
  usePageTitle('Coming soon');

  useEffect(() => {
    if (active) {
      sawActive.current = true;
      return;
    }
    if (sentFrom === undefined && !sawActive.current) return;
    void navigate(sentFrom ?? '/home', { replace: true });
  }, [active, sentFrom, navigate]);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
      <Stack spacing={2.5}>
        <Typography variant="overline" component="p">
          Coming soon
        </Typography>
        <Typography variant="h1">{site.name}</Typography>
        {site.tagline && <Typography color="text.secondary">{site.tagline}</Typography>}
        {site.launch ? (
          <>
            <Typography>
              We open on <time dateTime={site.launch}>{formatLaunch(site.launch, site.locale)}</time>.
            </Typography>
            <Countdown target={Date.parse(site.launch)} />
          </>
        ) : (
          <Typography>We are getting ready to open.</Typography>
        )}
        <ContactDetails site={site} />
        {site.calendar && (
          <Link href={site.calendar} rel="noopener">
            Add our events to your calendar
          </Link>
        )}
        <Stack direction="row" spacing={2}>
          <Button component={RouterLink} to="/login" variant="text">
            Staff sign in
          </Button>
          {!active && (
            <Button component={RouterLink} to="/home" variant="text">
              Go to the shop
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
