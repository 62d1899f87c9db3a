import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { liveValueAtom } from '../../../firebase/liveValue';
import { paths } from '../../../firebase/paths';
import { isRecord } from '../../../state/validation';
import {
  METHOD_LABELS,
  balanceDue,
  parsePayments,
  PAYMENT_STATE_NOTES,
  parseRefunds,
  paymentPaths,
  refundable,
  refundPaths,
  REFUND_STATE_LABELS,
  REFUND_WAY_LABELS,
  type OrderPayment,
} from '../model';
import { ALLOCATOR_UID, deskKey, type Order } from '../../orders';
import { useShopFormat, LiveContent } from '../../dashboardKit';
import { QuotedNote } from './moneyFields';
import { useOrderMoney } from './orderMoney';
import { RecordPaymentDialog } from './RecordPaymentDialog';
import { RefundDialog } from './RefundDialog';

/** Who recorded a payment: the staff member's name from their profile, else their email, else their account id. */
function StaffName({ uid }: { uid: string }) {
  const live = useAtomValue(liveValueAtom(paths.user(uid)));
  const user = live.status === 'ready' && isRecord(live.value) ? live.value : {};
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const name = [text(user.firstname), text(user.lastname)].filter(Boolean).join(' ');
  return <>{name || text(user.email) || uid}</>;
}

/** Says how many stored payments or refunds could not be read, when any could not. */
function Unreadable({ count, what }: { count: number; what: 'payment' | 'refund' }) {
  if (count === 0) return null;
  return (
    <Typography variant="body2" color="warning">
      {what === 'payment' ? (
        <Plural
          value={count}
          one="# stored payment cannot be read and is not shown."
          other="# stored payments cannot be read and are not shown."
        />
      ) : (
        <Plural
          value={count}
          one="# stored refund cannot be read and is not shown."
          other="# stored refunds cannot be read and are not shown."
        />
      )}
    </Typography>
  );
}

/** Who recorded a payment or refund, after the rest of its line. */
function By({ uid }: { uid: string }) {
  // Trusted code's own: card money that bought nothing, refunded as the organiser asked (docs/payments.md).
  if (uid === ALLOCATOR_UID) {
    return (
      <>
        {' · '}
        <Trans>automatically</Trans>
      </>
    );
  }
  const name = <StaffName uid={uid} />;
  return (
    <>
      {' · '}
      <Trans>by {name}</Trans>
    </>
  );
}

/** An order's payments as trusted code recorded them, oldest first. */
function PaymentList({ order, money }: { order: Order; money: (minor: number) => string }) {
  const format = useShopFormat();
  const { i18n, t } = useLingui();
  const stateNote = (state: keyof typeof PAYMENT_STATE_NOTES) => {
    const note = PAYMENT_STATE_NOTES[state];
    return note ? ` · ${i18n._(note)}` : '';
  };
  return (
    <LiveContent path={paymentPaths.payments(deskKey(order.uid, order.id))} loading={t`Loading the payments…`}>
      {(raw) => {
        const { payments, malformed } = parsePayments(raw);
        return (
          <>
            {payments.length === 0 ? (
              <Typography variant="body2">
                <Trans>No payments recorded yet.</Trans>
              </Typography>
            ) : (
              <Stack component="ul" aria-label={t`Payments`} sx={{ m: 0, paddingInlineStart: 2.5 }}>
                {payments.map((payment) => (
                  <Typography component="li" variant="body2" key={payment.id}>
                    {money(payment.amount)} · {i18n._(METHOD_LABELS[payment.method])}
                    {stateNote(payment.state)} · {format.date(payment.created)}
                    {payment.by && <By uid={payment.by} />}
                    {payment.note && <QuotedNote text={payment.note} />}
                    {payment.source && (
                      <>
                        {' · '}
                        <Trans>from a bank statement</Trans>
                      </>
                    )}
                  </Typography>
                ))}
              </Stack>
            )}
            <Unreadable count={malformed} what="payment" />
          </>
        );
      }}
    </LiveContent>
  );
}

/** An order's refunds as trusted code recorded them, oldest first, each with its state. */
function RefundList({ order, money }: { order: Order; money: (minor: number) => string }) {
  const { i18n, t } = useLingui();
  const format = useShopFormat();
  const id = useId();
  return (
    <LiveContent path={refundPaths.refunds(deskKey(order.uid, order.id))} loading={t`Loading the refunds…`}>
      {(raw) => {
        const { refunds, malformed } = parseRefunds(raw);
        if (refunds.length === 0 && malformed === 0) return null;
        return (
          <>
            <Typography variant="body2" sx={{ mt: 1 }} id={id}>
              <Trans>Refunds</Trans>
            </Typography>
            <Stack component="ul" aria-labelledby={id} sx={{ m: 0, paddingInlineStart: 2.5 }}>
              {refunds.map((refund) => (
                <Typography component="li" variant="body2" key={refund.id}>
                  {money(refund.amount)} · {i18n._(REFUND_WAY_LABELS[refund.way])} ·{' '}
                  {i18n._(REFUND_STATE_LABELS[refund.state])}
                  {refund.error && ` (${refund.error})`} · {format.date(refund.created)}
                  {refund.by && <By uid={refund.by} />}
                  {refund.note && <QuotedNote text={refund.note} />}
                </Typography>
              ))}
            </Stack>
            <Unreadable count={malformed} what="refund" />
          </>
        );
      }}
    </LiveContent>
  );
}

/**
 * An order's payment as staff need it on the desk (docs/payments.md#on-the-desk): what is due and was paid, until
 * when it is held, its payments and refunds, and the ways to record one more payment or give money back.
 */
export function OrderPayments({ order, payment }: { order: Order; payment: OrderPayment }) {
  const { t } = useLingui();
  const id = useId();
  const format = useShopFormat();
  const money = useOrderMoney(payment.currency);
  const [recording, setRecording] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const facts: [string, string][] = [
    [t`Due`, money(payment.due)],
    [t`Paid`, money(payment.paid)],
    ...(payment.refunded > 0 ? [[t`Refunded`, money(payment.refunded)] as [string, string]] : []),
    [t`Still due`, money(balanceDue(payment))],
    ...(payment.state === 'pending' && payment.until !== null
      ? [[t`Held until`, format.date(payment.until)] as [string, string]]
      : []),
  ];
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ mt: 2 }}>
      <Typography id={`${id}-title`} variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        <Trans>Payments</Trans>
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, mb: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25 }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="textSecondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <PaymentList order={order} money={money} />
      <RefundList order={order} money={money} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button variant="outlined" size="small" onClick={() => setRecording(true)}>
          <Trans>Record a payment</Trans>
        </Button>
        {refundable(payment) > 0 && (
          <Button variant="outlined" size="small" onClick={() => setRefunding(true)}>
            <Trans>Refund…</Trans>
          </Button>
        )}
      </Stack>
      {recording && <RecordPaymentDialog order={order} payment={payment} onClose={() => setRecording(false)} />}
      {refunding && <RefundDialog order={order} payment={payment} onClose={() => setRefunding(false)} />}
    </Box>
  );
}
