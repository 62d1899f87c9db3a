import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useShopFormat } from './format';
import { STATUS_LABELS, type Order, type OrderStatus } from './orders';

const STATUS_COLOURS: Record<OrderStatus, ChipProps['color']> = {
  pending: 'warning',
  confirmed: 'info',
  fulfilled: 'success',
  cancelled: 'default',
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return <Chip size="small" color={STATUS_COLOURS[status]} label={STATUS_LABELS[status]} />;
}

/** One order: when, what, how much, its status; `actions` is where staff change the status. */
export function OrderCard({ order, heading, actions }: { order: Order; heading: string; actions?: ReactNode }) {
  const format = useShopFormat();
  return (
    <Paper component="article" variant="outlined" sx={{ p: 2 }} aria-label={heading}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h3" sx={{ fontSize: '1.05rem' }}>
            {heading}
          </Typography>
          {actions ?? <OrderStatusChip status={order.status} />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Placed {format.date(order.created)} · order {order.id}
        </Typography>
        <Stack component="ul" sx={{ m: 0, pl: 2.5 }}>
          {order.lines.map((line) => (
            <Typography component="li" key={line.productId} variant="body2">
              {line.quantity} × {line.title} at {format.money(line.price)}
            </Typography>
          ))}
        </Stack>
        <Typography sx={{ fontWeight: 600 }}>Total {format.money(order.total)}</Typography>
        {order.notes && <Typography variant="body2">Notes: {order.notes}</Typography>}
      </Stack>
    </Paper>
  );
}
