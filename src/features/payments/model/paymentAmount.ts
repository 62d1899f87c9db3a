import type { MessageDescriptor } from '@lingui/core';
import { fromMinorUnits, minorDigits } from '../../../lib/money';

/**
 * An amount of money as staff type it when they record a payment (docs/payments.md#on-the-desk): in their own
 * language ("26.00", "1,026.50"; "26,00" in German), with or without the currency's sign, read exactly into
 * the currency's minor units; or why it cannot be taken, in words for the field.
 */
export type AmountInput = { minor: number } | { error: MessageDescriptor };

/** What the rules take at most (database.rules.json, paymentMarks). */
const MOST_MINOR = 100_000_000_000;

function separators(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/** `minor` as the field shows it: the locale's decimal mark, every decimal of the currency, no sign or grouping. */
export function amountText(minor: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(fromMinorUnits(minor, currency));
}

/** Reads what was typed into the amount field; what is wrong with it is said in the reader's language (`i18n._`). */
export function parseAmountInput(text: string, currency: string, locale: string): AmountInput {
  const digits = minorDigits(currency);
  const example = amountText(2600, currency, locale);
  const signs = new Intl.NumberFormat(locale, { style: 'currency', currency })
    .formatToParts(1)
    .filter((part) => part.type === 'currency')
    .map((part) => part.value);
  let bare = text.replace(/\s/g, '');
  for (const sign of [...signs, currency]) bare = bare.split(sign).join('');
  if (bare === '') return { error: /*i18n*/ { id: 'desk.amount.empty', message: 'Enter the amount received.' } };
  if (/^[-−]/.test(bare))
    return {
      error: /*i18n*/ {
        id: 'desk.amount.negative',
        message: 'The amount cannot be negative: enter what was received.',
      },
    };
  const { decimal, group } = separators(locale);
  // Grouping marks only between groups of three digits ("1,026.50"), so "26,5" in an English shop is no number.
  const grouped = new RegExp(`^\\d{1,3}(\\${group}\\d{3})+(?=\\${decimal}|$)`);
  const plain = grouped.test(bare) ? bare.split(group).join('') : bare;
  const number = new RegExp(`^(\\d+)(?:\\${decimal}(\\d+))?$`).exec(plain);
  if (!number)
    return {
      error: /*i18n*/ {
        id: 'desk.amount.not-a-number',
        message: 'Enter the amount as a number, such as {example}.',
        values: { example },
      },
    };
  const fraction = number[2] ?? '';
  if (fraction.length > digits) {
    return {
      error:
        digits === 0
          ? /*i18n*/ {
              id: 'desk.amount.whole',
              message: 'Enter a whole amount: {currency} has no smaller unit.',
              values: { currency },
            }
          : /*i18n*/ {
              id: 'desk.amount.decimals',
              message: 'Enter at most {digits, plural, one {# decimal} other {# decimals}}, such as {example}.',
              values: { digits, example },
            },
    };
  }
  const minor = Number(number[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (minor === 0) return { error: /*i18n*/ { id: 'desk.amount.zero', message: 'Enter an amount above zero.' } };
  if (!Number.isSafeInteger(minor) || minor > MOST_MINOR)
    return { error: /*i18n*/ { id: 'desk.amount.too-large', message: 'That amount is too large to record.' } };
  return { minor };
}
