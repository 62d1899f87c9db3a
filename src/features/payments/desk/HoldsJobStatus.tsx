import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { HOLDS_JOB_PATH, parseHoldsJobRun } from '../model';
import { useShopFormat, LiveContent } from '../../dashboardKit';

/** The job runs every minute; missing this many runs means it has stopped. */
const STALE_MS = 5 * 60_000;

/**
 * When trusted code last let lapsed holds go and reminded transfers due (docs/payments.md#the-hold), so that an
 * organiser sees a job that stopped: until it runs, unpaid orders keep what they hold.
 */
export function HoldsJobStatus() {
  const { t } = useLingui();
  const format = useShopFormat();
  // A clock of its own, so that a job that stops is said even when nothing else changes on the page.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <LiveContent path={HOLDS_JOB_PATH} loading={t`Loading the last check of unpaid orders…`}>
      {(raw) => {
        const run = parseHoldsJobRun(raw);
        if (!run) {
          return (
            <Alert severity="warning" role="status">
              <Trans>
                Unpaid orders have not been checked yet: until they are, an unpaid order keeps its items after its time
                to pay is up. Locally `npm start` checks every minute; in production the scheduled function expireOrders
                does.
              </Trans>
            </Alert>
          );
        }
        const stale = now - run.at > STALE_MS;
        const last = format.date(run.at);
        const { expired, reminded } = run;
        return (
          <Alert severity={stale ? 'warning' : 'info'} role="status">
            {stale ? (
              <Trans>
                Unpaid orders have not been checked since {last}: {expired} lapsed, {reminded} reminded to pay. Until
                the check runs again, unpaid orders keep their items after their time to pay is up.
              </Trans>
            ) : (
              <Trans>
                Unpaid orders are checked every minute; last {last}: {expired} lapsed, {reminded} reminded to pay.
              </Trans>
            )}
          </Alert>
        );
      }}
    </LiveContent>
  );
}
