import { i18n } from '@lingui/core';
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
import { useShopFormat } from './format';
import { referenceOrId, mailLabel, STATUS_LABELS, type MailDelivery, type Order, type OrderStatus } from '../orders';
import { OrderPaymentSummary } from '../paying';

const STATUS_ICONS: Record<OrderStatus, ReactElement> = {
  pending: <HourglassEmptyOutlined color="warning" />,
  confirmed: <CheckCircleOutlined color="info" />,
  fulfilled: <TaskAltOutlined color="success" />,
  cancelled: <CancelOutlined color="disabled" />,
};

/** The status in words on a neutral chip (coloured chips fail text contrast); the icon's colour is a hint only. */
function OrderStatusChip({ status }: { status: OrderStatus }) {
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

/** How an email's delivery stands, in words. */
function deliveryText(mail: MailDelivery, date: (at: number) => string): string {
  if (mail.state === 'sent') return `sent ${date(mail.at)}`;
  if (mail.state === 'failed') return `not delivered: ${mail.error || 'refused'}`;
  return mail.attempts > 0 ? `waiting to retry (${mail.attempts} tries; ${mail.error})` : 'queued';
}

/** One order: when, what, how much (added up from the items), its status. */
export function OrderCard({ order, heading, actions, checkTotal = false, staff }: OrderCardProps) {
  const format = useShopFormat();
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
          {actions ?? <OrderStatusChip status={order.status} />}
        </Stack>
        <Typography variant="body2" color="textSecondary">
          Placed {format.date(order.created)} · reference{' '}
          <span data-testid="order-card-reference">{referenceOrId(order.ref, order.id)}</span>
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
              <Stack component="ul" aria-label="Emails" sx={{ m: 0, pl: 2.5 }}>
                {order.deliveries.map((mail) => (
                  <Typography
                    component="li"
                    key={mail.id}
                    variant="body2"
                    color={mail.state === 'failed' ? 'error' : undefined}
                  >
                    {mailLabel(mail, order.id)}: {deliveryText(mail, format.date)}
                  </Typography>
                ))}
              </Stack>
            )}
            <div>{staff}</div>
          </Stack>
        )}
        <Stack component="ul" sx={{ m: 0, pl: 2.5 }}>
          {order.lines.map((line) => (
            <Typography component="li" key={line.productId} variant="body2">
              {line.quantity} × {line.title}
              {line.price === 0 ? ', free' : ` at ${format.money(line.price)}`}
            </Typography>
          ))}
        </Stack>
        <Typography sx={{ fontWeight: 600 }}>Total {format.money(order.total)}</Typography>
        {order.payment && (
          <OrderPaymentSummary payment={order.payment} reference={referenceOrId(order.ref, order.id)} />
        )}
        {checkTotal && order.storedTotalMismatch !== null && (
          <Alert severity="warning">
            The order was stored with a total of {format.money(order.storedTotalMismatch)}, which is not what its items
            add up to; the total above is added up from the items at the prices they were sold at.
          </Alert>
        )}
        {order.notes && <Typography variant="body2">Notes: {order.notes}</Typography>}
      </Stack>
    </Paper>
  );
}
