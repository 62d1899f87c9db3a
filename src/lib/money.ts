/**
 * Prices are held as JavaScript numbers in major units (12.5 = twelve pounds fifty), as the database stores
 * them. Sums go through integer micro-units so that 0.1 + 0.2 is exactly 0.3 and long wishlists never drift.
 */
import { minorDigits } from './currencies';

const MICRO_UNITS = 1_000_000;

function toMicroUnits(amount: number): number {
  return Math.round(amount * MICRO_UNITS);
}

function fromMicroUnits(micro: number): number {
  return micro / MICRO_UNITS;
}

/** Sum of price × quantity, exact to six decimal places. */
export function lineTotal(lines: readonly { price: number; quantity: number }[]): number {
  const micro = lines.reduce((sum, line) => sum + toMicroUnits(line.price) * line.quantity, 0);
  return fromMicroUnits(micro);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats an amount in the shop's currency; falls back to a plain two-decimal number for an unknown currency. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const cacheKey = `${locale}|${currency}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      formatter = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formatters.set(cacheKey, formatter);
  }
  return formatter.format(amount);
}

// The card provider's count of decimals, not Intl's: an amount due is what the provider is asked for
// (docs/payments.md#currencies-and-minor-units). What a card may be charged comes with it, for trusted code.
export { minorDigits };
export { cardAmountProblem, cardMinimum, type CardAmountProblem } from './currencies';

/** An amount in major units (12.5) as a whole number of the currency's minor units (1250 pence): what is paid. */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(toMicroUnits(amount) / 10 ** (6 - minorDigits(currency)));
}

/** Minor units back to major units, for formatting. */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** A stored amount in minor units: a whole number, not below zero; null for anything else (docs/hostile-data.md). */
export const storedMinor = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
