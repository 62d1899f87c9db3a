import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { METHOD_LABELS, type PaymentMethod, type PaymentSettings } from '../orders';

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A card hold in words: "30 minutes", "2 hours", "1 hour 30 minutes". */
function holdTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return plural(minutes, 'minute');
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

/** What choosing a method means for the buyer, in plain words (docs/payments.md#the-checkouts-choice). */
function methodTerms(method: PaymentMethod, settings: PaymentSettings): string {
  switch (method) {
    case 'door':
      return 'pay when you arrive (or on collection)';
    case 'transfer':
      return `pay within ${plural(settings.transfer.days, 'day')}; we email you the bank details and your reference`;
    case 'card':
      return `pay now on the card provider’s page; your order is held ${holdTime(settings.card.minutes)}`;
  }
}

const describe = (method: PaymentMethod, settings: PaymentSettings) =>
  `${METHOD_LABELS[method]} — ${methodTerms(method, settings)}`;

/**
 * How the buyer pays: the offered methods as a radio group, or one sentence when there is only one. `replaced` is a
 * method the buyer chose that the shop has since stopped offering; they are told what is chosen now.
 */
export function PaymentChoice({
  offered,
  settings,
  value,
  replaced,
  onChange,
}: {
  offered: readonly PaymentMethod[];
  settings: PaymentSettings;
  value: PaymentMethod;
  replaced: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
}) {
  const notice = replaced && (
    <Alert severity="warning" role="alert" sx={{ mb: 1 }}>
      The shop no longer offers {METHOD_LABELS[replaced].toLowerCase()}, so your order will be paid{' '}
      {METHOD_LABELS[value].toLowerCase()} instead{offered.length > 1 ? ' unless you choose another way below' : ''}.
    </Alert>
  );
  if (offered.length === 1) {
    return (
      <Box sx={{ mb: 2 }}>
        {notice}
        <Typography data-testid="payment-method">How you pay: {describe(value, settings)}.</Typography>
      </Box>
    );
  }
  return (
    <FormControl component="fieldset" sx={{ mb: 2 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        How you pay
      </Typography>
      {notice}
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
            label={describe(method, settings)}
            sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { mt: -1 } }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
