import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { siteAtom } from '../../../state/atoms';
import { STATUS_LABELS } from '../../orders';
import { METHOD_LABELS, PAY_STATE_LABELS, balanceDue, owedBack, type OrderPayment } from '../model';
import { paymentSettingsAtom } from '../paymentSettingsState';
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
  cancelled = false,
  secret,
  onMethodChanged,
}: {
  payment: OrderPayment;
  reference: string;
  /** Staff cancelled the order: nothing is to be paid, and what was paid is to be refunded. */
  cancelled?: boolean;
  secret?: string;
  onMethodChanged?: () => void;
}) {
  const { timezone } = useAtomValue(siteAtom);
  const { t, i18n } = useLingui();
  // Money and the deadline in the reader's language, on the shop's clock.
  const locale = i18n.locale;
  const { transfer } = useAtomValue(paymentSettingsAtom).settings;
  const money = (minor: number) => formatMoney(fromMinorUnits(minor, payment.currency), payment.currency, locale);
  // A cancelled order that had not lapsed is paid no more, by any way (docs/payments.md#the-order-lifecycle).
  const closed = cancelled && payment.state !== 'expired';
  const pending = payment.state === 'pending' && !closed;
  // Paid at the door whenever the buyer comes: its hold's end is no deadline to tell them.
  const payBy =
    pending && payment.until !== null && payment.method !== 'door'
      ? new Intl.DateTimeFormat(locale, {
          dateStyle: 'medium',
          timeStyle: 'short',
          ...(timezone ? { timeZone: timezone } : {}),
        }).format(new Date(payment.until))
      : null;
  const paid = money(payment.paid);
  const refunded = money(payment.refunded);
  const owed = money(balanceDue(payment));
  const due = money(payment.due);
  // What came in and buys nothing (over what was due, for a cancelled order, or too late) is said to go back.
  const back = owedBack(payment, closed);
  const toRefund = money(back);
  const amount = closed
    ? payment.paid === 0
      ? t`Nothing is to be paid.`
      : payment.refunded >= payment.paid
        ? t`Paid ${paid}, ${refunded} refunded`
        : t`Paid ${paid}: it is to be refunded.`
    : payment.state === 'paid'
      ? back > 0
        ? t`Paid ${paid}: ${toRefund} more than was due, which is to be refunded to you.`
        : payment.refunded > 0
          ? t`Paid ${paid}, ${refunded} refunded`
          : t`Paid ${paid}`
      : pending
        ? payment.paid > 0
          ? t`Received ${paid} so far. To pay: ${owed}`
          : t`To pay: ${owed}`
        : back > 0
          ? t`${due} was not paid in time; ${toRefund} that arrived afterwards is to be refunded to you.`
          : t`${due} was not paid in time`;
  const details = [
    [t`Payee`, transfer.payee],
    [t`Account`, transfer.account],
    [t`Bank`, transfer.bank],
  ].filter(([, value]) => value !== '');
  return (
    <Stack spacing={0.5} data-testid="order-payment">
      <Typography sx={{ fontWeight: 600 }}>
        {[i18n._(closed ? STATUS_LABELS.cancelled : PAY_STATE_LABELS[payment.state])]
          .concat(
            payment.method === 'free'
              ? []
              : [i18n._(METHOD_LABELS[payment.state === 'paid' ? (payment.paidBy ?? payment.method) : payment.method])],
          )
          .join(' · ')}
      </Typography>
      <Typography>{amount}</Typography>
      {payBy && (
        <Typography>
          <Trans>Pay by {payBy}</Trans>
        </Typography>
      )}
      {pending && payment.method === 'card' && secret && balanceDue(payment) > 0 && (
        <PayByCard secret={secret} amount={money(balanceDue(payment))} />
      )}
      {pending && payment.method === 'transfer' && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mt: 1 }}>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            <Trans>Pay by bank transfer to:</Trans>
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            {[...details, [t`Reference to quote`, reference]].map(([term, value]) => (
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
