import { Trans, useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '../../../lib/Link';
import Link from '@mui/material/Link';
import { isRecord } from '../../../state/validation';
import { LiveContent } from '../../dashboardKit';
import { OrderCard } from './OrderCard';
import { parseUserOrders } from '../../orders';
import { paths } from '../../../firebase/paths';

/** The orders placed as a guest before signing in to this account (linked at sign-in: docs/security.md). */
function GuestOrders({ guestUid }: { guestUid: string }) {
  const { t } = useLingui();
  return (
    <LiveContent path={paths.ordersOf(guestUid)} loading={t`Loading orders placed as a guest…`}>
      {(raw) =>
        parseUserOrders(guestUid, raw).map((order) => (
          <OrderCard key={order.id} order={order} heading={t`Order placed as a guest`} />
        ))
      }
    </LiveContent>
  );
}

/**
 * The signed-in user's orders, newest first, then any placed as a guest before signing in; a status change by staff
 * shows up as it happens.
 */
export function MyOrders({ uid }: { uid: string }) {
  const { t } = useLingui();
  return (
    <LiveContent path={paths.guestOrdersOf(uid)} loading={t`Loading your orders…`}>
      {(links) => {
        const guestUids = Object.keys(isRecord(links) ? links : {});
        return (
          <Stack spacing={1.5}>
            <LiveContent path={paths.ordersOf(uid)} loading={t`Loading your orders…`}>
              {(raw) => {
                const orders = parseUserOrders(uid, raw);
                if (orders.length === 0 && guestUids.length === 0) {
                  return (
                    <Typography>
                      <Trans>
                        No orders yet.{' '}
                        <Link component={RouterLink} to="/products">
                          Browse the products
                        </Link>
                        .
                      </Trans>
                    </Typography>
                  );
                }
                return orders.map((order, index) => {
                  const number = orders.length - index;
                  return <OrderCard key={order.id} order={order} heading={t`Order ${number}`} />;
                });
              }}
            </LiveContent>
            {guestUids.map((guestUid) => (
              <GuestOrders key={guestUid} guestUid={guestUid} />
            ))}
          </Stack>
        );
      }}
    </LiveContent>
  );
}
