import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { isPermissionDenied } from '../../../firebase/errors';
import { liveValueAtom } from '../../../firebase/liveValue';
import { authAtom } from '../../../state/atoms';
import { connectedAtom } from '../../../state/liveAtoms';
import {
  REFUND_NOTE_MAX,
  REFUND_WAY_LABELS,
  amountText,
  cardCharge,
  parseAmountInput,
  payingGiftCard,
  paymentPaths,
  refundOutcomeMessage,
  proposedRefund,
  refundable,
  type OrderPayment,
  type RefundWay,
} from '../model';
import { deskKey, type Order } from '../../orders';
import { newRefundId, queueRefund } from './refundRequests';
import { useOrderMoney } from './orderMoney';
import { useRefundAnswers } from './markAnswers';
import { ChoiceField, NoteField, QuotedNote } from './moneyFields';
import { RefundedLineField, type RefundedLine } from './RefundedLineField';
import { SendButtons } from '../../dashboardKit';

/** What became of the refund, in words, while it waits, once trusted code has answered, or when it was refused. */
function RefundStatus({
  refundId,
  refused,
  money,
}: {
  refundId: string;
  refused: string | null;
  money: (n: number) => string;
}) {
  const { i18n } = useLingui();
  const ids = useMemo(() => [refundId], [refundId]);
  const answer = useRefundAnswers(ids).get(refundId);
  const connected = useAtomValue(connectedAtom);
  if (refused) return <Alert severity="error">{refused}</Alert>;
  if (answer === 'unreadable') {
    return (
      <Alert severity="warning">
        <Trans>The shop answered in a way this app cannot read: reload and look again.</Trans>
      </Alert>
    );
  }
  if (answer) {
    const severity = answer.kind === 'done' ? 'success' : answer.kind === 'already' ? 'info' : 'error';
    return <Alert severity={severity}>{i18n._(refundOutcomeMessage(answer, money))}</Alert>;
  }
  return (
    <Alert severity="info">
      {connected ? (
        <Trans>Refunding…</Trans>
      ) : (
        <Trans>
          You are offline. The refund is kept on this device and is made when the connection is back; you may close
          this.
        </Trans>
      )}
    </Alert>
  );
}

/**
 * Gives money of a paid order back (docs/payments.md#refunds): the amount, prefilled with what came in beyond what
 * was due for an order that stands, else with all that may be refunded (proposedRefund),
 * the way (to the card through the provider when the order has a card payment, else recorded as done by hand) and a
 * note; queued as a request for trusted code to apply, whose answer is said here. `intro` says why it was opened
 * (the order was just cancelled).
 */
export function RefundDialog({
  order,
  payment,
  intro,
  onClose,
}: {
  order: Order;
  payment: OrderPayment;
  intro?: string;
  onClose: () => void;
}) {
  const id = useId();
  // Staff type and read amounts in their own language: "12,50" in German.
  const { i18n, t } = useLingui();
  const locale = i18n.locale;
  const staff = useAtomValue(authAtom).id ?? '';
  const money = useOrderMoney(payment.currency);
  const payments = useAtomValue(liveValueAtom(paymentPaths.payments(deskKey(order.uid, order.id))));
  const byCard = payments.status === 'ready' && cardCharge(payments.value) !== null;
  const byGiftCard = payments.status === 'ready' && payingGiftCard(payments.value) !== null;
  // What could be refunded when staff opened it: the summary follows the order live, and moves once this lands.
  const [then] = useState(() => ({ left: refundable(payment), paid: payment.paid, refunded: payment.refunded }));
  const { left } = then;
  const [amount, setAmount] = useState(() =>
    // Opened with an `intro`, the order is being cancelled: all of its money is proposed, not only what is over.
    amountText(proposedRefund(payment, intro !== undefined || order.status === 'cancelled'), payment.currency, locale),
  );
  const [chosen, setWay] = useState<RefundWay | null>(null);
  const way: RefundWay = chosen ?? (byCard ? 'card' : 'by-hand');
  const [note, setNote] = useState('');
  const [gives, setGives] = useState<RefundedLine | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<{ refundId: string; minor: number } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const amountField = useRef<HTMLInputElement>(null);
  // To a gift card too, as staff choose (docs/gift-cards.md#refunds-to-a-gift-card): the one that paid, or a new one.
  const ways: RefundWay[] = [
    ...(byCard ? (['card'] as const) : []),
    ...(byGiftCard ? (['giftcard'] as const) : []),
    'new-giftcard',
    'by-hand',
  ];
  const most = money(left);
  const paid = money(then.paid);
  const refunded = money(then.refunded);
  const { currency } = payment;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = parseAmountInput(amount, payment.currency, locale);
    const problemOf =
      'error' in read
        ? i18n._(read.error)
        : read.minor < 1
          ? t`Enter an amount to refund`
          : read.minor > left
            ? t`At most ${most} can be refunded`
            : null;
    // Until the order's payments are read, nobody can tell whether the money goes back to a card: a refund recorded
    // by hand for a card payment would give nothing back.
    if (payments.status !== 'ready' && !problemOf) {
      setProblem(
        t`The order’s payments are still being read, so the way to refund is not known yet: try again in a moment.`,
      );
      return;
    }
    if (problemOf || 'error' in read) {
      setProblem(problemOf);
      amountField.current?.focus();
      return;
    }
    try {
      const refundId = await newRefundId();
      setSent({ refundId, minor: read.minor });
      // Not awaited: offline, the database keeps the request and sends it when the connection is back.
      const request = { uid: order.uid, order: order.id, amount: read.minor, way, note, ...(gives ? { gives } : {}) };
      queueRefund(refundId, request, staff).catch((error: unknown) => {
        console.error('Refund not queued:', error);
        setRefused(
          isPermissionDenied(error)
            ? t`The shop refused this refund: you may no longer be staff. Nothing was refunded.`
            : t`The refund could not be saved. Nothing was refunded; please try again.`,
        );
      });
    } catch (error) {
      console.error('The database could not be reached:', error);
      setProblem(t`The shop could not be reached. Nothing was refunded; please try again.`);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={`${id}-title`}>
          <Trans>Refund</Trans>
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {intro && <Typography variant="body2">{intro}</Typography>}
            <Typography variant="body2">
              {then.refunded > 0 ? (
                <Trans>
                  {most} can be refunded: {paid} paid, {refunded} refunded already.
                </Trans>
              ) : (
                <Trans>
                  {most} can be refunded: {paid} paid.
                </Trans>
              )}
            </Typography>
            {sent ? (
              <Typography>
                {money(sent.minor)} · {i18n._(REFUND_WAY_LABELS[way])}
                {note.trim() && <QuotedNote text={note.trim()} />}
              </Typography>
            ) : (
              <>
                <TextField
                  label={t`Amount to refund (${currency})`}
                  value={amount}
                  onChange={(event) => {
                    setAmount(event.target.value);
                    setProblem(null);
                  }}
                  error={problem !== null}
                  helperText={problem ?? t`At most ${most}`}
                  inputRef={amountField}
                  autoFocus
                  slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
                />
                <RefundedLineField
                  order={order}
                  currency={currency}
                  value={gives}
                  money={money}
                  onChange={(line, minor) => {
                    setGives(line);
                    if (minor !== null) setAmount(amountText(Math.min(minor, left), currency, locale));
                    setProblem(null);
                  }}
                />
                <ChoiceField
                  label={t`How it is given back`}
                  value={way}
                  options={ways.map((value) => [value, i18n._(REFUND_WAY_LABELS[value])] as const)}
                  onChange={setWay}
                />
                <NoteField value={note} max={REFUND_NOTE_MAX} onChange={setNote} />
              </>
            )}
            <div role="status">{sent && <RefundStatus refundId={sent.refundId} refused={refused} money={money} />}</div>
          </Stack>
        </DialogContent>
        <SendButtons
          sent={sent !== null}
          cancelLabel={intro ? t`No refund` : undefined}
          submitLabel={
            way === 'card'
              ? t`Refund to the card`
              : way === 'by-hand'
                ? t`Refund by hand`
                : way === 'giftcard'
                  ? t`Refund to the gift card`
                  : t`Refund to a new gift card`
          }
          onClose={onClose}
        />
      </form>
    </Dialog>
  );
}
