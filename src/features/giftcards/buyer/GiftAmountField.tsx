import { useLingui } from '@lingui/react/macro';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { formatMoney, fromMinorUnits, toMinorUnits } from '../../../lib/money';
import { amountText, parseAmountInput } from '../../payments/model';

interface GiftAmountFieldProps {
  /** The bounds the organiser set (docs/gift-cards.md#an-amount-the-buyer-chooses). */
  bounds: { min: number; max: number };
  /** The amount to start from, as the catalogue writes prices. */
  value: number;
  currency: string;
  /** Each amount typed: a price within the bounds, or null while what is typed is none. */
  onAmount: (price: number | null) => void;
  /** The card's title, where several fields show at once (the wishlist): in the field's accessible name. */
  of?: string;
}

/**
 * What each card of a gift card is worth, where its buyer chooses: typed in the reader's language ("40", "42.50";
 * "42,50" in German), held to the organiser's bounds and to the currency's smallest unit, with what is wrong said
 * under the field.
 */
export function GiftAmountField({ bounds, value, currency, onAmount, of }: GiftAmountFieldProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const id = useId();
  const [text, setText] = useState(() => amountText(toMinorUnits(value, currency), currency, locale));
  const [min, max] = [bounds.min, bounds.max].map((amount) => formatMoney(amount, currency, locale));
  /** What is typed, read: the price it is, or what is wrong with it in words. */
  const read = (typed: string): { price: number } | { error: string } => {
    if (typed.trim() === '') return { error: t`Enter what each card is worth.` };
    if (/^\s*[-−]/.test(typed)) return { error: t`Enter an amount above zero.` };
    const amount = parseAmountInput(typed, currency, locale);
    if ('error' in amount) return { error: i18n._(amount.error) };
    const price = fromMinorUnits(amount.minor, currency);
    return price < bounds.min || price > bounds.max ? { error: t`Choose an amount from ${min} to ${max}.` } : { price };
  };
  const shown = read(text);
  const error = 'error' in shown ? shown.error : null;
  const label = t`Amount of each card`;
  return (
    <TextField
      id={id}
      label={label}
      slotProps={{ htmlInput: of ? { 'aria-label': t`${label}: ${of}` } : {} }}
      value={text}
      inputMode="decimal"
      autoComplete="off"
      error={error !== null}
      helperText={error ?? t`From ${min} to ${max}`}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        const typedRead = read(typed);
        onAmount('price' in typedRead ? typedRead.price : null);
      }}
      sx={{ maxWidth: '16rem' }}
    />
  );
}
