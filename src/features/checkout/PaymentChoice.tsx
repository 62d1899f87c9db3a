import { plural, select, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { METHOD_LABELS, type PaymentMethod, type PaymentSettings } from '../payments/model';
import { cardMinimum, formatMoney, fromMinorUnits } from '../../lib/money';

/** A card hold in words, in the language spoken now: "30 minutes", "2 hours", "1 hour and 30 minutes". */
function holdTime(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return plural(minutes, { one: '# minute', other: '# minutes' });
  if (minutes === 0) return plural(hours, { one: '# hour', other: '# hours' });
  const inHours = plural(hours, { one: '# hour', other: '# hours' });
  const andMinutes = plural(minutes, { one: '# minute', other: '# minutes' });
  return t`${inHours} and ${andMinutes}`;
}

/** What choosing a method means for the buyer, in plain words (docs/payments.md#the-checkouts-choice). */
function methodTerms(method: PaymentMethod, settings: PaymentSettings): string {
  switch (method) {
    case 'door':
      return t`pay when you arrive (or on collection)`;
    case 'transfer': {
      const days = settings.transfer.days;
      return t`pay within ${plural(days, { one: '# day', other: '# days' })}; we email you the bank details and your reference`;
    }
    case 'card': {
      const hold = holdTime(settings.card.minutes);
      return t`pay now on the card provider’s page; your order is held ${hold}`;
    }
  }
}

/**
 * How the buyer pays: the offered methods as a radio group, or one sentence when there is only one. `replaced` is a
 * method the buyer chose that the shop has since stopped offering; they are told what is chosen now.
 */
export function PaymentChoice({
  offered,
  settings,
  value,
  replaced,
  cardLeftOut = null,
  onChange,
}: {
  offered: readonly PaymentMethod[];
  settings: PaymentSettings;
  value: PaymentMethod;
  replaced: PaymentMethod | null;
  /** The shop takes cards, but not for this order's total: said, so the buyer knows why card is missing. */
  cardLeftOut?: { currency: string } | null;
  onChange: (method: PaymentMethod) => void;
}) {
  const { i18n } = useLingui();
  const describe = (method: PaymentMethod) => {
    const label = i18n._(METHOD_LABELS[method]);
    const terms = methodTerms(method, settings);
    return t`${label} — ${terms}`;
  };
  const cardCurrency = cardLeftOut?.currency ?? '';
  const least = cardLeftOut && cardMinimum(cardCurrency);
  const leastMoney = least ? formatMoney(fromMinorUnits(least, cardCurrency), cardCurrency, i18n.locale) : '';
  const cardNote = cardLeftOut && (
    <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }} data-testid="card-left-out">
      {least
        ? t`Card is not offered for this order: card payments must be at least ${leastMoney}.`
        : t`Card is not offered for this order: the card provider takes no payments in ${cardCurrency}.`}
    </Typography>
  );
  const notice = replaced && (
    <Alert severity="warning" role="alert" sx={{ mb: 1 }}>
      {offered.length > 1
        ? t`The shop no longer offers ${select(replaced, { door: 'payment at the door', transfer: 'bank transfer', card: 'card payment', other: 'that way of paying' })}, so your order will be paid ${select(value, { door: 'at the door', transfer: 'by bank transfer', card: 'by card', other: 'another way' })} instead unless you choose another way below.`
        : t`The shop no longer offers ${select(replaced, { door: 'payment at the door', transfer: 'bank transfer', card: 'card payment', other: 'that way of paying' })}, so your order will be paid ${select(value, { door: 'at the door', transfer: 'by bank transfer', card: 'by card', other: 'another way' })} instead.`}
    </Alert>
  );
  if (offered.length === 1) {
    const only = describe(value);
    return (
      <Box sx={{ mb: 2 }}>
        {notice}
        {cardNote}
        <Typography data-testid="payment-method">
          <Trans>How you pay: {only}.</Trans>
        </Typography>
      </Box>
    );
  }
  return (
    <FormControl component="fieldset" sx={{ mb: 2 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        <Trans>How you pay</Trans>
      </Typography>
      {notice}
      {cardNote}
      <RadioGroup
        name="payment-method"
        value={value}
        onChange={(event) => onChange(event.target.value as PaymentMethod)}
      >
        {offered.map((method) => (
          <FormControlLabel
            key={method}
            value={method}
            control={<Radio />}
            label={describe(method)}
            sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { mt: -1 } }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
