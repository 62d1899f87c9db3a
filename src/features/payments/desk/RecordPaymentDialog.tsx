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
import { authAtom } from '../../../state/atoms';
import { connectedAtom } from '../../../state/liveAtoms';
import {
  MARK_NOTE_MAX,
  METHOD_LABELS,
  amountText,
  balanceDue,
  outcomeMessage,
  parseAmountInput,
  type MarkMethod,
  type OrderPayment,
} from '../model';
import { type Order } from '../../orders';
import { useOrderMoney } from './orderMoney';
import { newMarkId, queueMark } from './markRequests';
import { useMarkAnswers } from './markAnswers';
import { ChoiceField, NoteField, QuotedNote } from './moneyFields';
import { SendButtons } from '../../dashboardKit';

const METHODS: readonly MarkMethod[] = ['door', 'transfer'];

/** What became of the mark, in words, while it waits, once trusted code has answered, or when it was refused. */
function MarkStatus({
  markId,
  refused,
  money,
}: {
  markId: string;
  refused: string | null;
  money: (n: number) => string;
}) {
  const { i18n } = useLingui();
  const ids = useMemo(() => [markId], [markId]);
  const answer = useMarkAnswers(ids).get(markId);
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
    const attention =
      answer.kind === 'late-no-stock' || answer.kind === 'cancelled' || (answer.kind === 'paid' && answer.over > 0);
    const done =
      answer.kind === 'paid' ||
      answer.kind === 'part-paid' ||
      answer.kind === 'late-no-stock' ||
      answer.kind === 'cancelled';
    return (
      <Alert severity={attention ? 'warning' : done ? 'success' : 'info'}>
        {i18n._(outcomeMessage(answer, money))}
      </Alert>
    );
  }
  return (
    <Alert severity="info">
      {connected ? (
        <Trans>Recording the payment…</Trans>
      ) : (
        <Trans>
          You are offline. The payment is kept on this device and is recorded when the connection is back; you may close
          this.
        </Trans>
      )}
    </Alert>
  );
}

/**
 * Records money staff took by hand for an order (docs/payments.md#on-the-desk): the amount, prefilled with what is
 * still due, how it was paid and a note; saved as a mark for trusted code to apply, whose answer is said here.
 */
export function RecordPaymentDialog({
  order,
  payment,
  onClose,
}: {
  order: Order;
  payment: OrderPayment;
  onClose: () => void;
}) {
  const id = useId();
  // Staff type and read amounts in their own language: "12,50" in German.
  const { i18n, t } = useLingui();
  const locale = i18n.locale;
  const staff = useAtomValue(authAtom).id ?? '';
  const money = useOrderMoney(payment.currency);
  // What was owed when staff opened it: the summary follows the order live, and moves once this payment lands.
  const [owed] = useState(() => ({ balance: balanceDue(payment), due: payment.due, paid: payment.paid }));
  const [amount, setAmount] = useState(() => amountText(owed.balance, payment.currency, locale));
  const [method, setMethod] = useState<MarkMethod>(payment.method === 'transfer' ? 'transfer' : 'door');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<{ markId: string; minor: number } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const amountField = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = parseAmountInput(amount, payment.currency, locale);
    if ('error' in read) {
      setProblem(i18n._(read.error));
      amountField.current?.focus();
      return;
    }
    const mark = { uid: order.uid, order: order.id, amount: read.minor, method, note };
    try {
      const next = await newMarkId();
      setRecorded({ markId: next, minor: read.minor });
      // Not awaited: offline, the database keeps the mark and sends it when the connection is back.
      queueMark(next, mark, staff).catch((error: unknown) => {
        console.error('Payment not queued:', error);
        setRefused(
          isPermissionDenied(error)
            ? t`The shop refused this payment: you may no longer be staff. Nothing was recorded.`
            : t`The payment could not be saved. Nothing was recorded; please try again.`,
        );
      });
    } catch (error) {
      console.error('The database could not be reached:', error);
      setProblem(t`The shop could not be reached. Nothing was recorded; please try again.`);
    }
  };

  const sent = recorded !== null;
  const balance = money(owed.balance);
  const due = money(owed.due);
  const paid = money(owed.paid);
  const { currency } = payment;
  const example = amountText(2600, currency, locale);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={`${id}-title`}>
          <Trans>Record a payment</Trans>
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">
              {owed.balance > 0 ? (
                <Trans>
                  {balance} is still due of {due}.
                </Trans>
              ) : (
                <Trans>
                  Paid in full: {paid} of {due}.
                </Trans>
              )}
            </Typography>
            {recorded ? (
              <Typography>
                {money(recorded.minor)} · {i18n._(METHOD_LABELS[method])}
                {note.trim() && <QuotedNote text={note.trim()} />}
              </Typography>
            ) : (
              <>
                <TextField
                  label={t`Amount received (${currency})`}
                  value={amount}
                  onChange={(event) => {
                    setAmount(event.target.value);
                    setProblem(null);
                  }}
                  error={problem !== null}
                  helperText={problem ?? t`As the shop writes money, such as ${example}`}
                  inputRef={amountField}
                  autoFocus
                  slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
                />
                <ChoiceField
                  label={t`How it was paid`}
                  value={method}
                  options={METHODS.map((value) => [value, i18n._(METHOD_LABELS[value])] as const)}
                  onChange={setMethod}
                />
                <NoteField value={note} max={MARK_NOTE_MAX} onChange={setNote} />
              </>
            )}
            <div role="status">
              {recorded && <MarkStatus markId={recorded.markId} refused={refused} money={money} />}
            </div>
          </Stack>
        </DialogContent>
        <SendButtons sent={sent} submitLabel={t`Record payment`} onClose={onClose} />
      </form>
    </Dialog>
  );
}
