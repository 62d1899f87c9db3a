import Stack from '@mui/material/Stack';
import type { AuthState } from '../../state/types';
import { MyOrders } from './customer/MyOrders';
import { MyProfile } from './customer/MyProfile';
import { Section } from './Section';

/** What every signed-in user has: their orders and their profile. */
export function CustomerSections({ auth }: { auth: AuthState & { id: string } }) {
  return (
    <Stack spacing={3}>
      <Section title="Your orders">
        <MyOrders uid={auth.id} />
      </Section>
      <Section title="Your profile">
        <MyProfile auth={auth} />
      </Section>
    </Stack>
  );
}
