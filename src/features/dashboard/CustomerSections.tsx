import { useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import type { AuthState } from '../../state/types';
import { MyOrders, MyProfile } from './customer';
import { Section } from '../dashboardKit';

// Loaded apart so the QR encoder comes only with the tickets.
const MyTickets = lazy(() => import('../tickets/MyTicketsPanel'));

/** The user's tickets; also shown from the device while the sign-in cannot be confirmed (offline at the door). */
export function TicketsSection({ uid }: { uid: string }) {
  const { t } = useLingui();
  return (
    <Section title={t`Your tickets`}>
      <Suspense fallback={null}>
        <MyTickets uid={uid} />
      </Suspense>
    </Section>
  );
}

/** What every signed-in user has: their tickets, orders and profile. */
export function CustomerSections({ auth }: { auth: AuthState & { id: string } }) {
  const { t } = useLingui();
  return (
    <Stack spacing={3}>
      <TicketsSection uid={auth.id} />
      <Section title={t`Your orders`}>
        <MyOrders uid={auth.id} />
      </Section>
      <Section title={t`Your profile`}>
        <MyProfile auth={auth} />
      </Section>
    </Stack>
  );
}
