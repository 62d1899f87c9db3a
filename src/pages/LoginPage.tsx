import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { hydratingAtom } from '../state/atoms';
import { usePageTitle } from '../features/site/usePageTitle';
import { FindOrderForm } from '../features/account/FindOrderForm';
import { LoginPanel } from '../features/account/LoginPanel';
import { ticketsKeptHere } from '../features/tickets';

// Guests reach "their tickets" where the account entry leads them: here. Loaded apart, with MUI and its QR encoder,
// only in the browser (they are the visitor's own, which a page from the server cannot show: src/app/firstVisit.ts)
// and only where this device keeps tickets, so that a first visit loads no MUI (docs/styling.md).
const GuestTickets = lazy(() => import('../features/tickets/GuestTicketsPanel'));

export default function LoginPage() {
  const { t } = useLingui();
  const hydrating = useAtomValue(hydratingAtom);
  usePageTitle(t`Sign in`);
  return (
    <div className="page-stack">
      <h1 className="t-h1">
        <Trans>Sign in</Trans>
      </h1>
      <LoginPanel />
      <FindOrderForm />
      {!hydrating && ticketsKeptHere() && (
        <Suspense fallback={null}>
          <GuestTickets />
        </Suspense>
      )}
    </div>
  );
}
