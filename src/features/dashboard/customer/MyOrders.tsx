import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { isRecord } from '../../../state/validation';
import { LiveContent } from '../LiveContent';
import { OrderCard } from '../OrderCard';
import { parseUserOrders } from '../../orders';
import { paths } from '../../../firebase/paths';

/** The orders placed as a guest before signing in to this account (linked at sign-in: docs/security.md). */
function GuestOrders({ guestUid }: { guestUid: string }) {
  return (
    <LiveContent path={paths.ordersOf(guestUid)} label="orders placed as a guest">
      {(raw) =>
        parseUserOrders(guestUid, raw).map((order) => (
          <OrderCard key={order.id} order={order} heading="Order placed as a guest" />
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
  return (
    <LiveContent path={paths.guestOrdersOf(uid)} label="your orders">
      {(links) => {
        const guestUids = Object.keys(isRecord(links) ? links : {});
        return (
          <Stack spacing={1.5}>
            <LiveContent path={paths.ordersOf(uid)} label="your orders">
              {(raw) => {
                const orders = parseUserOrders(uid, raw);
                if (orders.length === 0 && guestUids.length === 0) {
                  return (
                    <Typography>
                      No orders yet.{' '}
                      <Link component={RouterLink} to="/products">
                        Browse the products
                      </Link>
                      .
                    </Typography>
                  );
                }
                return orders.map((order, index) => (
                  <OrderCard key={order.id} order={order} heading={`Order ${orders.length - index}`} />
                ));
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
