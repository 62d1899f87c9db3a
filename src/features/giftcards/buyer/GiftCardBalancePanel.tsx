import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import { AskTrouble } from '../../../lib/mui/AskTrouble';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { formatMoment } from '../../../lib/format';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { siteAtom } from '../../../state/atoms';
import { fetchGiftCardBalance, type GiftCardBalance, type GiftCardBalanceResult } from '../balance';
import { MOVEMENT_LABELS } from './movementLabels';

type View = { kind: 'idle' } | { kind: 'asking' } | GiftCardBalanceResult | { kind: 'unreachable' };

/**
 * The balance page (docs/gift-cards.md#the-balance-page-and-guessing): a code in, what is left on the card and its
 * movements out, from trusted code. A code that is no card is told as such, in words; the shop limits how often
 * one visitor, and one code, may ask.
 */
export default function GiftCardBalancePanel() {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [view, setView] = useState<View>({ kind: 'idle' });
  const asking = view.kind === 'asking';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (asking) return;
    setView({ kind: 'asking' });
    fetchGiftCardBalance(code).then(setView, () => setView({ kind: 'unreachable' }));
  };
  const invalid = view.kind === 'invalid';
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <TextField
            id="gift-card-code"
            label={t`Gift card code`}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            error={invalid}
            helperText={
              invalid
                ? t`A gift card code has sixteen letters and digits, such as K7M4-QXPR-2D9F-TB3W.`
                : t`Spaces, dashes and capitals do not matter.`
            }
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters', maxLength: 64 } }}
            required
          />
          <div>
            <Button type="submit" variant="contained" disabled={asking}>
              {asking ? <Trans>Checking…</Trans> : <Trans>Check balance</Trans>}
            </Button>
          </div>
        </Stack>
      </Paper>
      <div aria-live="polite">
        <BalanceView view={view} />
      </div>
    </Stack>
  );
}

function BalanceView({ view }: { view: View }) {
  switch (view.kind) {
    case 'idle':
    case 'asking':
    case 'invalid':
      return null;
    case 'found':
      return <FoundCard card={view} />;
    case 'not-found':
      return (
        <Alert severity="warning">
          <Trans>
            No gift card has this code. Check it against the card or the email: every character counts, and O, I and L
            are read as 0, 1 and 1.
          </Trans>
        </Alert>
      );
    case 'too-many':
    case 'unreachable':
      return <AskTrouble kind={view.kind} />;
  }
}

function FoundCard({ card }: { card: GiftCardBalance }) {
  const { i18n } = useLingui();
  const { timezone } = useAtomValue(siteAtom);
  const locale = i18n.locale;
  const money = (minor: number) => formatMoney(fromMinorUnits(minor, card.currency), card.currency, locale);
  const left = money(card.balance);
  const value = money(card.value);
  const until = card.expires === null ? '' : formatMoment(card.expires, locale, timezone, 'deadline');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h2" sx={{ fontFamily: 'monospace', fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
          {card.code}
        </Typography>
        <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }} data-testid="gift-card-balance">
          <Trans>
            {left} left of {value}
          </Trans>
        </Typography>
        <Typography>
          {card.expires === null ? (
            <Trans>Never expires.</Trans>
          ) : card.expired ? (
            <Trans>Expired on {until}: it can no longer be spent.</Trans>
          ) : (
            <Trans>Valid until {until}.</Trans>
          )}
        </Typography>
        <Movements card={card} money={money} />
      </Stack>
    </Paper>
  );
}

function Movements({ card, money }: { card: GiftCardBalance; money: (minor: number) => string }) {
  const { i18n, t } = useLingui();
  const { timezone } = useAtomValue(siteAtom);
  if (card.movements.length === 0) return null;
  return (
    <Table size="small" aria-label={t`What this card paid and received`}>
      <TableHead>
        <TableRow>
          <TableCell>
            <Trans>When</Trans>
          </TableCell>
          <TableCell>
            <Trans>What</Trans>
          </TableCell>
          <TableCell align="right">
            <Trans>Amount</Trans>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {card.movements.map((movement, n) => (
          <TableRow key={n}>
            <TableCell>{formatMoment(movement.at, i18n.locale, timezone, 'deadline')}</TableCell>
            <TableCell>{i18n._(MOVEMENT_LABELS[movement.kind])}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {movement.amount > 0 ? `+${money(movement.amount)}` : `−${money(-movement.amount)}`}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
