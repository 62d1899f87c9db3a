/**
 * Prices are held as JavaScript numbers in major units (12.5 = twelve pounds fifty), as the database stores
 * them. Sums go through integer micro-units so that 0.1 + 0.2 is exactly 0.3 and long wishlists never drift.
 */
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

/** How many decimals a currency's smallest unit has: 2 for pounds (pence), 0 for yen, 3 for dinars. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

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
