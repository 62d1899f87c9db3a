import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../lib/Link';
import type { PlacedOrder } from './placeOrder';
import { formatMoney, fromMinorUnits } from '../../lib/money';
import { formatPrice } from '../../lib/price';
import { orderLines, orderTotal, parseOrderVoucher, referenceOrId } from '../orders';
import { authAtom } from '../../state/atoms';
import { OrderPaymentSummary } from '../payments';
import { TaxedTotal } from '../taxes';
import { parseOrderTaxRecord } from '../taxes/model';

// The tickets (and their QR encoder) load only when an order is confirmed.
const OrderTickets = lazy(() => import('../tickets/GuestTicketsPanel'));

export function OrderConfirmation({
  placed,
  currency,
  locale,
}: {
  placed: PlacedOrder;
  currency: string;
  locale: string;
}) {
  const { t } = useLingui();
  const { order, orderId, ref, payment, link } = placed;
  // The buyer's words as an element, never a string inside a message: Lingui reads tags in a string (docs/languages.md).
  const buyer = <>{order.contact.name}</>;
  const email = order.contact.email;
  const reference = referenceOrId(ref, orderId);
  const total = formatMoney(orderTotal(order), currency, locale);
  // What a voucher took off, if anything; the lines are at the prices it made (docs/vouchers.md#on-the-order).
  const voucher = parseOrderVoucher(order.voucher);
  const lowered = voucher !== null && voucher.off > 0;
  const voucherCode = <span style={{ whiteSpace: 'nowrap' }}>{voucher?.code}</span>;
  const minor = (amount: number) => formatMoney(fromMinorUnits(amount, currency), currency, locale);
  const voucherOff = voucher ? minor(voucher.off) : '';
  // Its tax as trusted code fixed it (docs/taxes.md#the-orders-tax).
  const tax = parseOrderTaxRecord(order.tax);
  const guest = !useAtomValue(authAtom).authenticated;
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the buyer pressed is gone: the confirmation takes its place at the top, and so does focus.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);
  const lines = useMemo(() => orderLines(order.items), [order.items]);
  const tickets = useMemo(
    () => ({ uid: placed.uid, order: { id: orderId, lines, ...(ref ? { ref } : {}) }, guest }),
    [placed.uid, orderId, lines, guest, ref],
  );
  return (
    <Paper variant="outlined" sx={{ p: 3 }} role="status" aria-labelledby="order-confirmed">
      <Stack spacing={2}>
        <Typography id="order-confirmed" variant="h2" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
          <Trans>Reserved: thank you, {buyer}</Trans>
        </Typography>
        <Typography>
          {payment ? (
            <Trans>
              Your order reference is <strong data-testid="order-reference">{reference}</strong>.
            </Trans>
          ) : (
            <Trans>
              Your order reference is <strong data-testid="order-reference">{reference}</strong>. Pay at the event or
              when you collect.
            </Trans>
          )}
        </Typography>
        <Typography>
          <Trans>
            We are emailing this confirmation to <strong>{email}</strong>, with any tickets and a link to your order
            that opens on any device. Lost it? “Find my order” on the sign-in page sends the link again.
          </Trans>
        </Typography>
        <Stack component="ul" sx={{ paddingInlineStart: 3, m: 0 }}>
          {lines.map(({ productId, quantity, title, price }) => {
            const each = formatPrice(price, currency, locale);
            return (
              <li key={productId}>
                {price === 0 ? t`${quantity} × ${title}, free` : t`${quantity} × ${title}, ${each} each`}
              </li>
            );
          })}
        </Stack>
        {lowered && (
          <Typography data-testid="confirmation-voucher">
            <Trans>
              Voucher {voucherCode}: {voucherOff} off
            </Trans>
          </Typography>
        )}
        <TaxedTotal tax={tax} orderTotal={orderTotal(order)} money={minor}>
          <Typography sx={{ fontWeight: 700 }}>{payment ? t`Total: ${total}` : t`Total to pay: ${total}`}</Typography>
        </TaxedTotal>
        {payment && (
          <OrderPaymentSummary
            payment={payment}
            reference={referenceOrId(ref, orderId)}
            secret={link || undefined}
            // This page shows the order as it was placed: after paying another way, the order page shows it now.
            onMethodChanged={() => void navigate({ pathname: '/order', hash: link })}
          />
        )}
        <Suspense fallback={null}>
          <OrderTickets placed={tickets} />
        </Suspense>
        <div>
          <Button component={Link} to="/products" variant="outlined">
            <Trans>Back to the shop</Trans>
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
