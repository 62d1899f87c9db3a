import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { paths } from '../../../firebase/paths';
import { isRecord } from '../../../state/validation';
import { parseOrder, type DeskEntry, type Order } from '../../orders';
import { LiveContent, sendTicketsAgain, saveQuickly } from '../../dashboardKit';
import { OrderCard } from '../customer';
import { OrderPayments } from '../../payments';
import { OrderDocuments } from '../../invoices';

function SendTicketsAgain({ order }: { order: Order }) {
  const { t } = useLingui();
  const { email } = order.contact;
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() =>
        void saveQuickly(
          () => sendTicketsAgain(order),
          t`The tickets are on their way to ${email} again.`,
          t`Email on its way`,
        )
      }
    >
      <Trans>Send tickets again</Trans>
    </Button>
  );
}

/**
 * One order in full, live, from the order itself rather than its index entry: every line at the price it was sold
 * at, notes, and a warning when the stored total is not what the lines add up to. The place for what staff do to
 * one order beyond its status.
 */
export function OrderDetails({
  entry,
  reference,
  actions,
  onClose,
}: {
  entry: DeskEntry;
  reference: string;
  actions: ReactNode;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { uid, order, name } = entry;
  const shownReference = <>{reference}</>;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="order-details-title">
      <DialogTitle id="order-details-title">
        <Trans>Order {shownReference}</Trans>
      </DialogTitle>
      <DialogContent>
        <LiveContent path={paths.order(uid, order)} loading={t`Loading the order…`}>
          {(raw) => {
            const parsed = parseOrder(uid, order, raw);
            return parsed ? (
              <>
                <OrderCard
                  order={parsed}
                  heading={t`Order from ${name}`}
                  actions={actions}
                  staff={parsed.linked && parsed.contact.email ? <SendTicketsAgain order={parsed} /> : null}
                  checkTotal
                />
                {parsed.payment && <OrderPayments order={parsed} payment={parsed.payment} />}
                {parsed.payment && (
                  <OrderDocuments
                    order={parsed}
                    secret={isRecord(raw) && typeof raw.link === 'string' ? raw.link : null}
                  />
                )}
              </>
            ) : (
              <Typography>
                <Trans>This order is no longer stored, or cannot be read.</Trans>
              </Typography>
            );
          }}
        </LiveContent>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
