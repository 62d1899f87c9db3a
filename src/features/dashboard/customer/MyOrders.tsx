import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { LiveContent } from '../LiveContent';
import { OrderCard } from '../OrderCard';
import { parseUserOrders } from '../orders';

/** The signed-in user's orders, newest first; a status change by staff shows up as it happens. */
export function MyOrders({ uid }: { uid: string }) {
  return (
    <LiveContent path={`orders/${uid}`} label="your orders">
      {(raw) => {
        const orders = parseUserOrders(uid, raw);
        if (orders.length === 0) {
          return (
            <Typography>
              No orders yet. <Link component={RouterLink} to="/products">Browse the products</Link>.
            </Typography>
          );
        }
        return (
          <Stack spacing={1.5}>
            {orders.map((order, index) => (
              <OrderCard key={order.id} order={order} heading={`Order ${orders.length - index}`} />
            ))}
          </Stack>
        );
      }}
    </LiveContent>
  );
}
