import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { database } from '../../../firebase/database';
import { slotOf, ORDER_STATUSES, STATUS_LABELS, parseAllOrders, type Order, type OrderStatus } from '../../orders';
import { ticketStatusChanges } from '../../tickets';
import { LiveContent } from '../LiveContent';
import { OrderCard } from '../OrderCard';
import { saveQuickly } from '../saving';
import { Section } from '../Section';
import { paths } from '../../../firebase/paths';
import Button from '@mui/material/Button';
import { sendQueuedMail, sendTicketsAgain, staffMail } from './orderMail';

const OPEN: readonly OrderStatus[] = ['pending', 'confirmed'];

/**
 * Sets an order's status in one update with what follows from it: closing the order (fulfilled or cancelled) frees
 * its open-order slot, as the rules require, so the buyer may order again (docs/security.md); its tickets are void
 * while it is cancelled (docs/tickets-and-check-in.md); and the buyer is emailed the news (docs/email.md).
 */
async function setStatus(order: Order, status: OrderStatus): Promise<void> {
  const db = await database();
  const patch: Record<string, unknown> = {
    [paths.orderStatus(order.uid, order.id)]: status,
    ...(await ticketStatusChanges(order, status)),
    ...(status !== 'pending' && status !== order.status ? staffMail(db, order, 'status', status) : {}),
  };
  if (!OPEN.includes(status)) {
    const slot = slotOf(await db.read(paths.openOrders(order.uid)), order.id);
    if (slot) patch[paths.openOrderSlot(order.uid, slot)] = null;
  }
  await db.updateRoot(patch);
  sendQueuedMail();
}

function StatusSelect({ order, heading }: { order: Order; heading: string }) {
  const change = (status: OrderStatus) =>
    void saveQuickly(() => setStatus(order, status), `${heading} is now ${STATUS_LABELS[status].toLowerCase()}.`);
  // Inside the order's article (named by its heading), so "Status" is enough of a label.
  return (
    <TextField
      select
      size="small"
      label="Status"
      value={order.status}
      onChange={(event) => change(event.target.value as OrderStatus)}
      sx={{ minWidth: 150 }}
    >
      {ORDER_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {STATUS_LABELS[status]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Every customer's orders, newest first, with their status changeable. */
export function AllOrders() {
  return (
    <Section title="All orders">
      <LiveContent path={paths.orders} label="orders">
        {(raw) => {
          const orders = parseAllOrders(raw);
          if (orders.length === 0) return <Typography>No orders yet.</Typography>;
          return (
            <Stack spacing={1.5}>
              {orders.map((order) => {
                const heading = `Order from ${order.contact.name || order.contact.email || order.uid}`;
                return (
                  <OrderCard
                    key={`${order.uid}/${order.id}`}
                    order={order}
                    heading={heading}
                    actions={<StatusSelect order={order} heading={heading} />}
                    staff={
                      order.linked && order.contact.email ? (
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() =>
                            void saveQuickly(
                              () => sendTicketsAgain(order),
                              `The tickets are on their way to ${order.contact.email} again.`,
                            )
                          }
                        >
                          Send tickets again
                        </Button>
                      ) : null
                    }
                    checkTotal
                  />
                );
              })}
            </Stack>
          );
        }}
      </LiveContent>
    </Section>
  );
}
