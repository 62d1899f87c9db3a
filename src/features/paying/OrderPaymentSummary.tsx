import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react';
import { useAtomValue } from 'jotai';
import { formatMoney, fromMinorUnits } from '../../lib/money';
import { siteAtom } from '../../state/atoms';
import { METHOD_LABELS, PAY_STATE_LABELS, balanceDue, type OrderPayment } from '../orders';
import { paymentSettingsAtom } from './paymentSettingsState';
import { PayAnotherWay } from './PayAnotherWay';
import { PayByCard } from './PayByCard';

/**
 * An order's payment as its buyer reads it (docs/payments.md#an-orders-payment-on-screen): where it stands, how it is
 * paid, what is due in the order's own currency, until when, and for a bank transfer where to pay and what to quote.
 * `reference` is the order's reference as people read it; `secret`, the order page's, lets a card order be paid, and
 * with `onMethodChanged` (which fetches the order again) lets the buyer pay another way.
 */
export function OrderPaymentSummary({
  payment,
  reference,
  secret,
  onMethodChanged,
}: {
  payment: OrderPayment;
  reference: string;
  secret?: string;
  onMethodChanged?: () => void;
}) {
  const { locale, timezone } = useAtomValue(siteAtom);
  const { i18n } = useLingui();
  const { transfer } = useAtomValue(paymentSettingsAtom).settings;
  const money = (minor: number) => formatMoney(fromMinorUnits(minor, payment.currency), payment.currency, locale);
  const pending = payment.state === 'pending';
  // Paid at the door whenever the buyer comes: its hold's end is no deadline to tell them.
  const payBy =
    pending && payment.until !== null && payment.method !== 'door'
      ? new Intl.DateTimeFormat(locale, {
          dateStyle: 'medium',
          timeStyle: 'short',
          ...(timezone ? { timeZone: timezone } : {}),
        }).format(new Date(payment.until))
      : null;
  const amount =
    payment.state === 'paid'
      ? `Paid ${money(payment.paid)}${payment.refunded > 0 ? `, ${money(payment.refunded)} refunded` : ''}`
      : pending
        ? `To pay: ${money(balanceDue(payment))}`
        : `${money(payment.due)} was not paid in time`;
  const details = [
    ['Payee', transfer.payee],
    ['Account', transfer.account],
    ['Bank', transfer.bank],
  ].filter(([, value]) => value !== '');
  return (
    <Stack spacing={0.5} data-testid="order-payment">
      <Typography sx={{ fontWeight: 600 }}>
        {PAY_STATE_LABELS[payment.state]}
        {payment.method === 'free' ? '' : ` · ${i18n._(METHOD_LABELS[payment.method])}`}
      </Typography>
      <Typography>{amount}</Typography>
      {payBy && <Typography>Pay by {payBy}</Typography>}
      {pending && payment.method === 'card' && secret && balanceDue(payment) > 0 && (
        <PayByCard secret={secret} amount={money(balanceDue(payment))} />
      )}
      {pending && payment.method === 'transfer' && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mt: 1 }}>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Pay by bank transfer to:
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            {[...details, ['Reference to quote', reference]].map(([term, value]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="textSecondary">
                  {term}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: 600 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
      {pending && secret && onMethodChanged && balanceDue(payment) > 0 && (
        <PayAnotherWay payment={payment} secret={secret} onChanged={onMethodChanged} />
      )}
    </Stack>
  );
}
