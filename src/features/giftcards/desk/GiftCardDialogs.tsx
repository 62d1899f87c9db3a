import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useAtomValue } from 'jotai';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { shopLanguage } from '../../../i18n/languages';
import { languageAtom, siteAtom } from '../../../state/atoms';
import { SendButtons } from '../../dashboardKit';
import { parseAmountInput } from '../../payments/model';
import {
  displayGiftCardCode,
  GIFT_CARD_NOTE_MAX,
  GIFT_CARD_VALUE_MAX,
  type DeskCardRecipient,
  type GiftCard,
  type GiftCardDeskOutcome,
} from '../model';
import { useGiftRecipientProblems } from '../buyer/GiftRecipientFields';
import { DeskRecipientFields } from './DeskRecipientFields';
import { askOfGiftCards, type GiftCardAsk } from './giftCardRequests';

/** Where a request stands once sent: waiting, answered, queued for later, or not sent at all (why). */
type Sent =
  { kind: 'waiting' } | { kind: 'answered'; outcome: GiftCardDeskOutcome } | { kind: 'queued' } | { kind: 'failed' };

/** Sends `ask`, following it to its answer in `setSent`. */
function send(ask: GiftCardAsk, setSent: (sent: Sent) => void): void {
  setSent({ kind: 'waiting' });
  askOfGiftCards(ask).then(
    (outcome) => setSent(outcome === 'queued' ? { kind: 'queued' } : { kind: 'answered', outcome }),
    (error: unknown) => {
      console.error('Gift card request not sent:', error);
      setSent({ kind: 'failed' });
    },
  );
}

/** What became of a request, in words; `answered` says a trusted answer the caller knows best. */
function SentStatus({ sent, answered }: { sent: Sent; answered: (outcome: GiftCardDeskOutcome) => ReactNode }) {
  switch (sent.kind) {
    case 'waiting':
      return (
        <Alert severity="info" role="status">
          <Trans>Asking the shop’s server…</Trans>
        </Alert>
      );
    case 'queued':
      return (
        <Alert severity="info">
          <Trans>The shop’s server has not answered yet. It is done as soon as it does, and shows in the list.</Trans>
        </Alert>
      );
    case 'failed':
      return (
        <Alert severity="error">
          <Trans>This could not be sent: you may be offline, or not allowed. Nothing was changed.</Trans>
        </Alert>
      );
    case 'answered':
      return answered(sent.outcome);
  }
}

/** An amount typed in the reader's language, as minor units of the shop's currency; or why it cannot be one. */
function useAmount(text: string, currency: string): { minor: number } | { error: string } {
  const { i18n, t } = useLingui();
  if (text.trim() === '') return { error: t`Enter an amount.` };
  const read = parseAmountInput(text, currency, i18n.locale);
  if ('error' in read) return { error: i18n._(read.error) };
  if (read.minor < 1) return { error: t`Enter an amount above nothing.` };
  if (read.minor > GIFT_CARD_VALUE_MAX) {
    const most = formatMoney(fromMinorUnits(GIFT_CARD_VALUE_MAX, currency), currency, i18n.locale);
    return { error: t`At most ${most}.` };
  }
  return read;
}

/** An amount of money typed in, first in its dialog, with why it cannot be taken once the form was tried. */
function AmountField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
}) {
  return (
    <TextField
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={props.problem !== null}
      helperText={props.problem ?? ' '}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      required
      autoFocus
    />
  );
}

/**
 * A card issued by hand (docs/gift-cards.md#on-the-desk): its value in the shop's currency, how long it lasts, a note,
 * and whom it is emailed to, if anyone.
 */
export function IssueGiftCardDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { currency } = useAtomValue(siteAtom);
  const language = shopLanguage(useAtomValue(languageAtom));
  const [value, setValue] = useState('');
  const [months, setMonths] = useState('');
  const [note, setNote] = useState('');
  const [to, setTo] = useState<DeskCardRecipient | null>(null);
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const amount = useAmount(value, currency);
  const recipientWrong = Object.keys(useGiftRecipientProblems(to)).length > 0;
  const lasting = months.trim() === '' ? null : Number(months);
  const monthsWrong = lasting !== null && !(Number.isInteger(lasting) && lasting >= 1 && lasting <= 120);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if ('error' in amount || monthsWrong || recipientWrong) return;
    const issue = { kind: 'issue' as const, value: amount.minor, currency, months: lasting, note: note.trim() };
    send(to ? { ...issue, to } : issue, setSent);
  };
  const money = (minor: number) => formatMoney(fromMinorUnits(minor, currency), currency, i18n.locale);
  return (
    <Dialog open onClose={onClose} aria-labelledby={id} fullWidth maxWidth="sm">
      <DialogTitle id={id}>
        <Trans>Issue a gift card</Trans>
      </DialogTitle>
      <form noValidate onSubmit={submit}>
        <DialogContent>
          <Stack spacing={2}>
            {sent ? (
              <SentStatus
                sent={sent}
                answered={(outcome) =>
                  outcome.kind === 'issued' ? (
                    <Alert severity="success">
                      <IssuedNote
                        code={displayGiftCardCode(outcome.code)}
                        worth={'error' in amount ? '' : money(amount.minor)}
                        to={to}
                      />
                    </Alert>
                  ) : (
                    <Alert severity="error">
                      <Trans>The shop’s server refused it: reload the page and try again.</Trans>
                    </Alert>
                  )
                }
              />
            ) : (
              <>
                <AmountField
                  label={t`Worth (${currency})`}
                  value={value}
                  onChange={setValue}
                  problem={tried && 'error' in amount ? amount.error : null}
                />
                <TextField
                  label={t`Months it lasts`}
                  value={months}
                  onChange={(event) => setMonths(event.target.value)}
                  error={tried && monthsWrong}
                  helperText={
                    tried && monthsWrong
                      ? t`A whole number of months from 1 to 120, or nothing.`
                      : t`Leave it empty for a card that never expires.`
                  }
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
                <TextField
                  label={t`Note for staff (optional)`}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                  helperText={t`Why it was issued, such as a raffle prize or a goodwill gesture`}
                  slotProps={{ htmlInput: { maxLength: GIFT_CARD_NOTE_MAX } }}
                />
                <DeskRecipientFields value={to} onChange={setTo} shown={tried} language={language} />
              </>
            )}
          </Stack>
        </DialogContent>
        <SendButtons sent={sent !== null} submitLabel={t`Issue card`} onClose={onClose} />
      </form>
    </Dialog>
  );
}

/** The card just issued: its code, to hand on, or whom it was emailed to. */
function IssuedNote({ code, worth, to }: { code: string; worth: string; to: DeskCardRecipient | null }) {
  const shown = <strong data-testid="issued-gift-card">{code}</strong>;
  if (to) {
    const name = to.name.trim();
    const email = to.email.trim();
    return (
      <Trans>
        Gift card {shown} issued, worth {worth}, and emailed to {name} at {email}.
      </Trans>
    );
  }
  return (
    <Trans>
      Gift card {shown} issued, worth {worth}. Give its code to whom it is for.
    </Trans>
  );
}

/** A card's balance corrected by hand: money added or taken away, always with a note saying why. */
export function CorrectGiftCardDialog({ card, onClose }: { card: GiftCard; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [direction, setDirection] = useState<'add' | 'take'>('take');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const amount = useAmount(value, card.currency);
  const money = (minor: number) => formatMoney(fromMinorUnits(minor, card.currency), card.currency, i18n.locale);
  const noteMissing = note.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if ('error' in amount || noteMissing) return;
    const signed = direction === 'add' ? amount.minor : -amount.minor;
    send({ kind: 'correct', code: card.code, amount: signed, note: note.trim() }, setSent);
  };
  const code = displayGiftCardCode(card.code);
  const holds = money(card.balance);
  const cardCurrency = card.currency;
  return (
    <Dialog open onClose={onClose} aria-labelledby={id} fullWidth maxWidth="sm">
      <DialogTitle id={id}>
        <Trans>Correct gift card {code}</Trans>
      </DialogTitle>
      <form noValidate onSubmit={submit}>
        <DialogContent>
          <Stack spacing={2}>
            {sent ? (
              <SentStatus
                sent={sent}
                answered={(outcome) => {
                  if (outcome.kind === 'corrected') {
                    const now = money(outcome.balance);
                    return (
                      <Alert severity="success">
                        <Trans>Corrected: it now holds {now}.</Trans>
                      </Alert>
                    );
                  }
                  if (outcome.kind === 'below-nothing') {
                    const only = money(outcome.balance);
                    return (
                      <Alert severity="error">
                        <Trans>Not corrected: it holds only {only}, and a card never goes below nothing.</Trans>
                      </Alert>
                    );
                  }
                  return (
                    <Alert severity="error">
                      <Trans>Not corrected: the shop’s server found no such card. Reload the page.</Trans>
                    </Alert>
                  );
                }}
              />
            ) : (
              <>
                <Alert severity="info">
                  <Trans>It holds {holds} now. Every correction is kept on the card with its note and your name.</Trans>
                </Alert>
                <RadioGroup
                  aria-label={t`Add or take away`}
                  value={direction}
                  onChange={(event) => setDirection(event.target.value as 'add' | 'take')}
                >
                  <FormControlLabel value="take" control={<Radio />} label={t`Take money off the card`} />
                  <FormControlLabel value="add" control={<Radio />} label={t`Add money to the card`} />
                </RadioGroup>
                <AmountField
                  label={t`Amount (${cardCurrency})`}
                  value={value}
                  onChange={setValue}
                  problem={tried && 'error' in amount ? amount.error : null}
                />
                <TextField
                  label={t`Why`}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                  error={tried && noteMissing}
                  helperText={
                    tried && noteMissing
                      ? t`Say why: the note stays with the card.`
                      : t`Such as “paid at the bar in cash” or “typed the wrong amount”`
                  }
                  slotProps={{ htmlInput: { maxLength: GIFT_CARD_NOTE_MAX } }}
                  required
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <SendButtons sent={sent !== null} submitLabel={t`Correct card`} onClose={onClose} />
      </form>
    </Dialog>
  );
}
