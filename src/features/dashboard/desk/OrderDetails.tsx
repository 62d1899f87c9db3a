import { useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { paths } from '../../../firebase/paths';
import { parseOrder, type Order } from '../../orders';
import { LiveContent } from '../LiveContent';
import { OrderCard } from '../OrderCard';
import { OrderPayments } from './OrderPayments';
import { sendTicketsAgain } from '../orderMail';
import { saveQuickly } from '../saving';
import type { Row } from './OrderRows';

function SendTicketsAgain({ order }: { order: Order }) {
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() =>
        void saveQuickly(
          () => sendTicketsAgain(order),
          `The tickets are on their way to ${order.contact.email} again.`,
          'Email on its way',
        )
      }
    >
      Send tickets again
    </Button>
  );
}

/**
 * One order in full, live, from the order itself rather than its index entry: every line at the price it was sold
 * at, notes, and a warning when the stored total is not what the lines add up to. The place for what staff do to
 * one order beyond its status.
 */
export function OrderDetails({
  row,
  reference,
  actions,
  onClose,
}: {
  row: Row;
  reference: string;
  actions: ReactNode;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { uid, order } = row.entry;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="order-details-title">
      <DialogTitle id="order-details-title">Order {reference}</DialogTitle>
      <DialogContent>
        <LiveContent path={paths.order(uid, order)} loading={t`Loading the order…`}>
          {(raw) => {
            const parsed = parseOrder(uid, order, raw);
            return parsed ? (
              <>
                <OrderCard
                  order={parsed}
                  heading={`Order from ${row.entry.name}`}
                  actions={actions}
                  staff={parsed.linked && parsed.contact.email ? <SendTicketsAgain order={parsed} /> : null}
                  checkTotal
                />
                {parsed.payment && <OrderPayments order={parsed} payment={parsed.payment} />}
              </>
            ) : (
              <Typography>This order is no longer stored, or cannot be read.</Typography>
            );
          }}
        </LiveContent>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
