import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { liveValueAtom } from '../../../firebase/liveValue';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { siteAtom } from '../../../state/atoms';
import { downloadCsv, LiveContent, Section, useShopFormat } from '../../dashboardKit';
import { deskPaths, displayReference } from '../../orders';
import { deskCardRecipients, displayGiftCardCode, type DeskCardRecipient, type GiftCard } from '../model';
import { MOVEMENT_LABELS } from '../buyer/movementLabels';
import { CorrectGiftCardDialog, IssueGiftCardDialog } from './GiftCardDialogs';
import { giftCardList, giftCardsCsv, giftCardsFileName, matchesCode } from './giftCardList';

/** Cards listed at most: a search narrows them; the file has them all. */
const SHOWN = 50;

/**
 * The desk's gift cards (docs/gift-cards.md#on-the-desk): every card with what it holds and its movements, live; a
 * card issued by hand, a card corrected with a note (both through trusted code); all of them as CSV. Loaded with its
 * tab.
 */
export default function GiftCardsDeskPanel() {
  const { t } = useLingui();
  const [issuing, setIssuing] = useState(false);
  const [correcting, setCorrecting] = useState<GiftCard | null>(null);
  return (
    <Section title={t`Gift cards`}>
      <LiveContent path="giftCards" loading={t`Loading gift cards…`}>
        {(raw) => <CardsView raw={raw} onIssue={() => setIssuing(true)} onCorrect={setCorrecting} />}
      </LiveContent>
      {issuing && <IssueGiftCardDialog onClose={() => setIssuing(false)} />}
      {correcting && <CorrectGiftCardDialog card={correcting} onClose={() => setCorrecting(null)} />}
    </Section>
  );
}

function CardsView({
  raw,
  onIssue,
  onCorrect,
}: {
  raw: unknown;
  onIssue: () => void;
  onCorrect: (card: GiftCard) => void;
}) {
  const { t, i18n } = useLingui();
  const { currency } = useAtomValue(siteAtom);
  const [query, setQuery] = useState('');
  const { cards, damaged } = giftCardList(raw);
  const mailedTo = deskCardRecipients(raw);
  const found = cards.filter((card) => matchesCode(card, query));
  const count = cards.length;
  const held = cards.filter((card) => card.currency === currency).reduce((sum, card) => sum + card.balance, 0);
  const outstanding = formatMoney(fromMinorUnits(held, currency), currency, i18n.locale);
  const shown = found.length;
  const unreadable = damaged.length;
  // The moment the list was drawn: a card is expired or not as of now (it is drawn again with every change).
  const [now] = useState(() => Date.now());
  return (
    <Stack spacing={2}>
      <Typography data-testid="gift-card-totals">
        {t`${plural(count, { one: '# card', other: '# cards' })}; ${outstanding} still to be spent on them.`}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label={t`Find a card by its code`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          sx={{ flex: 1 }}
        />
        <Button variant="contained" onClick={onIssue}>
          <Trans>Issue a gift card</Trans>
        </Button>
        <Button variant="outlined" disabled={count === 0} onClick={() => exportCards(cards)}>
          <Trans>Download CSV</Trans>
        </Button>
      </Stack>
      {unreadable > 0 && (
        <Alert severity="warning">
          <Trans>
            {unreadable} stored cards cannot be read and are left out: their money is not shown or spent. Look at them
            in the database.
          </Trans>
        </Alert>
      )}
      {found.length === 0 && (
        <Typography>
          {count === 0 ? <Trans>No gift cards yet.</Trans> : <Trans>No card has that code.</Trans>}
        </Typography>
      )}
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {found.slice(0, SHOWN).map((card) => (
          <CardRow
            key={card.code}
            card={card}
            mailedTo={mailedTo.get(card.code) ?? null}
            now={now}
            onCorrect={() => onCorrect(card)}
          />
        ))}
      </Stack>
      {found.length > SHOWN && (
        <Typography color="textSecondary">
          <Trans>
            Showing {SHOWN} of {shown}: find a card by its code, or export them all.
          </Trans>
        </Typography>
      )}
    </Stack>
  );
}

/** All the cards as a file named for today. */
function exportCards(cards: readonly GiftCard[]): void {
  downloadCsv(giftCardsFileName(Date.now()), giftCardsCsv(cards));
}

function CardRow({
  card,
  mailedTo,
  now,
  onCorrect,
}: {
  card: GiftCard;
  /** Whom a card issued by hand was emailed to. */
  mailedTo: DeskCardRecipient | null;
  now: number;
  onCorrect: () => void;
}) {
  const { i18n } = useLingui();
  const format = useShopFormat();
  const [open, setOpen] = useState(false);
  const money = (minor: number) => formatMoney(fromMinorUnits(minor, card.currency), card.currency, i18n.locale);
  const left = money(card.balance);
  const value = money(card.value);
  const code = displayGiftCardCode(card.code);
  const until = card.expires === null ? '' : format.date(card.expires);
  const expired = card.expires !== null && card.expires <= now;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-label={code}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <div>
          <Typography sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: '1.1rem' }}>{code}</Typography>
          <Typography>
            <Trans>
              {left} left of {value}
            </Trans>
            {' · '}
            {card.expires === null ? (
              <Trans>never expires</Trans>
            ) : expired ? (
              <Trans>expired {until}</Trans>
            ) : (
              <Trans>valid until {until}</Trans>
            )}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            <Origin card={card} />
            {mailedTo && <MailedTo recipient={mailedTo} />} · {format.date(card.issued)}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? <Trans>Hide movements</Trans> : <Trans>Movements</Trans>}
          </Button>
          <Button size="small" variant="outlined" onClick={onCorrect}>
            <Trans>Correct</Trans>
          </Button>
        </Stack>
      </Stack>
      {open && (
        <Stack component="ol" spacing={0.5} sx={{ mt: 1, paddingInlineStart: 3 }}>
          {card.movements.map((movement) => {
            const amount = movement.amount > 0 ? `+${money(movement.amount)}` : `−${money(-movement.amount)}`;
            return (
              <Typography component="li" key={movement.id} variant="body2">
                {format.date(movement.at)} · {i18n._(MOVEMENT_LABELS[movement.kind])} · {amount}
                {movement.note ? ` · “${movement.note}”` : ''}
                {movement.order ? (
                  <>
                    {' · '}
                    <OrderReference deskKey={movement.order} />
                  </>
                ) : null}
              </Typography>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

/** Where a card came from: the order that bought it, or staff by hand. */
function Origin({ card }: { card: GiftCard }) {
  if (!card.from) return <Trans>from somewhere unknown</Trans>;
  if ('by' in card.from) return <Trans>issued by hand</Trans>;
  const order = <OrderReference deskKey={`${card.from.uid}~${card.from.order}`} />;
  return <Trans>bought with order {order}</Trans>;
}

/** Whom the card was emailed to as it was issued. */
function MailedTo({ recipient }: { recipient: DeskCardRecipient }) {
  const { name, email } = recipient;
  return (
    <>
      {' · '}
      <Trans>
        emailed to {name} ({email})
      </Trans>
    </>
  );
}

/** An order's reference as the desk shows it, read from the desk's index; its id while there is none. */
function OrderReference({ deskKey }: { deskKey: string }) {
  const live = useAtomValue(liveValueAtom(`${deskPaths.order(deskKey)}/ref`));
  const ref = live.status === 'ready' && typeof live.value === 'string' ? live.value : null;
  return <>{ref ? displayReference(ref) : deskKey.split('~')[1]}</>;
}
