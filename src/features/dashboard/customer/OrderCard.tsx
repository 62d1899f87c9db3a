import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { useShopFormat } from '../../dashboardKit';
import { referenceOrId, mailLabel, STATUS_LABELS, type MailDelivery, type Order, type OrderStatus } from '../../orders';
import { OrderPaymentSummary } from '../../payments';
import { TaxedTotal } from '../../taxes';

const STATUS_ICONS: Record<OrderStatus, ReactElement> = {
  pending: <HourglassEmptyOutlined color="warning" />,
  confirmed: <CheckCircleOutlined color="info" />,
  fulfilled: <TaskAltOutlined color="success" />,
  cancelled: <CancelOutlined color="disabled" />,
};

/** The status in words on a neutral chip (coloured chips fail text contrast); the icon's colour is a hint only. */
function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui();
  return <Chip size="small" variant="outlined" icon={STATUS_ICONS[status]} label={i18n._(STATUS_LABELS[status])} />;
}

interface OrderCardProps {
  order: Order;
  heading: string;
  /** Where staff change the status. */
  actions?: ReactNode;
  /** Say when the stored total is not what the items add up to (for staff). */
  checkTotal?: boolean;
  /** For staff: the buyer's contact details and each email's delivery, with this action beside them. */
  staff?: ReactNode;
}

/** How an email's delivery stands, in words; the mail server's own answer is quoted as it gave it. */
function deliveryText(mail: MailDelivery, date: (at: number) => string): string {
  const { error, attempts } = mail;
  if (mail.state === 'sent') {
    const when = date(mail.at);
    return t`sent ${when}`;
  }
  if (mail.state === 'failed') return error ? t`not delivered: ${error}` : t`not delivered: refused`;
  return attempts > 0
    ? plural(attempts, { one: `waiting to retry (# try; ${error})`, other: `waiting to retry (# tries; ${error})` })
    : t`queued`;
}

/** One order: when, what, how much (added up from the items), its status. */
export function OrderCard({ order, heading, actions, checkTotal = false, staff }: OrderCardProps) {
  const format = useShopFormat();
  const { i18n, t } = useLingui();
  const placed = format.date(order.created);
  const reference = referenceOrId(order.ref, order.id);
  const total = format.money(order.total);
  // What a voucher took off, if anything: the lines are at the prices it made (docs/vouchers.md#on-the-order).
  const voucherCode = <span style={{ whiteSpace: 'nowrap' }}>{order.voucher?.code}</span>;
  const voucherOff = order.voucher && order.voucher.off > 0 ? format.minor(order.voucher.off) : null;
  return (
    <Paper component="article" variant="outlined" sx={{ p: 2 }} aria-label={heading}>
      <Stack spacing={1}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Typography variant="h3" sx={{ fontSize: '1.05rem' }}>
            {heading}
          </Typography>
          {/* "Pending" above its payment's "Paid" only confused: the payment says where the order stands. */}
          {actions ?? (order.status === 'pending' && order.payment ? null : <OrderStatusChip status={order.status} />)}
        </Stack>
        <Typography variant="body2" color="textSecondary">
          <Trans>
            Placed {placed} · reference <span data-testid="order-card-reference">{reference}</span>
          </Trans>
        </Typography>
        {staff !== undefined && (
          <Stack spacing={0.5}>
            <Typography variant="body2">
              <a href={`mailto:${order.contact.email}`}>{order.contact.email}</a>
              {order.contact.telephone && (
                <>
                  {' · '}
                  <a href={`tel:${order.contact.telephone.replace(/[^\d+]/g, '')}`}>{order.contact.telephone}</a>
                </>
              )}
            </Typography>
            {order.deliveries.length > 0 && (
              <Stack component="ul" aria-label={t`Emails`} sx={{ m: 0, paddingInlineStart: 2.5 }}>
                {order.deliveries.map((mail) => (
                  <Typography
                    component="li"
                    key={mail.id}
                    variant="body2"
                    color={mail.state === 'failed' ? 'error' : undefined}
                  >
                    {i18n._(mailLabel(mail, order.id))}: {deliveryText(mail, format.date)}
                  </Typography>
                ))}
              </Stack>
            )}
            <div>{staff}</div>
          </Stack>
        )}
        <Stack component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
          {order.lines.map((line) => (
            <Typography component="li" key={line.productId} variant="body2">
              <LineText
                quantity={line.quantity}
                name={line.title}
                price={line.price === 0 ? null : format.money(line.price)}
              />
            </Typography>
          ))}
        </Stack>
        {voucherOff && (
          <Typography variant="body2" data-testid="order-card-voucher">
            <Trans>
              Voucher {voucherCode}: {voucherOff} off
            </Trans>
          </Typography>
        )}
        <TaxedTotal tax={order.tax} orderTotal={order.total} money={format.minor} variant="body2">
          <Typography sx={{ fontWeight: 600 }}>
            <Trans>Total {total}</Trans>
          </Typography>
        </TaxedTotal>
        {order.payment && (
          <OrderPaymentSummary payment={order.payment} reference={reference} cancelled={order.status === 'cancelled'} />
        )}
        {checkTotal && order.storedTotalMismatch !== null && (
          <Alert severity="warning">
            <StoredTotalNote stored={format.money(order.storedTotalMismatch)} />
          </Alert>
        )}
        {order.notes && <NotesText notes={order.notes} />}
      </Stack>
    </Paper>
  );
}

/** "2 × Harbour Jazz Night at £18.00": the title as an element, since it is the organiser's (docs/languages.md). */
function LineText({ quantity, name, price }: { quantity: number; name: string; price: string | null }) {
  const title = <>{name}</>;
  return price === null ? (
    <Trans>
      {quantity} × {title}, free
    </Trans>
  ) : (
    <Trans>
      {quantity} × {title} at {price}
    </Trans>
  );
}

function StoredTotalNote({ stored }: { stored: string }) {
  return (
    <Trans>
      The order was stored with a total of {stored}, which is not what its items add up to; the total above is added up
      from the items at the prices they were sold at.
    </Trans>
  );
}

/** The buyer's notes, as an element: their words, not a message's. */
function NotesText({ notes }: { notes: string }) {
  const words = <>{notes}</>;
  return (
    <Typography variant="body2">
      <Trans>Notes: {words}</Trans>
    </Typography>
  );
}
