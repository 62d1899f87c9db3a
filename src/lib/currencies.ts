/**
 * Currencies as the card provider (Stripe) counts them, shared by the shop, trusted code and the local stand-in for
 * the provider: how many decimals an amount's minor units have, which currencies a card can be charged in, and the
 * least a card payment may be (docs/payments.md#currencies-and-minor-units). Amounts everywhere in the shop are in
 * these minor units, so what trusted code computes is what the provider is asked for, with no conversion between.
 * Taken from the provider's published currency list rather than from Intl: the two disagree (Intl has no decimals
 * for ISK, UGX, ALL…, the provider counts two for each of them).
 */

/** Amounts are whole units of the currency: 500 JPY is `500`. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Three decimals, the last always 0 for the provider: 5.120 KWD is `5120`. */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/**
 * No longer divided, yet still written with two decimals for the provider, always `00`: 5 ISK is `500`. (HUF and TWD
 * are only paid out in whole units; a payment in them may have decimals.)
 */
const WHOLE_UNITS_IN_TWO_DECIMALS = new Set(['ISK', 'UGX']);

/** Every currency a card payment can be made in (the provider's presentment currencies). */
const CARD_CURRENCIES = new Set([
  'AED',
  'AFN',
  'ALL',
  'AMD',
  'ANG',
  'AOA',
  'ARS',
  'AUD',
  'AWG',
  'AZN',
  'BAM',
  'BBD',
  'BDT',
  'BGN',
  'BHD',
  'BIF',
  'BMD',
  'BND',
  'BOB',
  'BRL',
  'BSD',
  'BWP',
  'BYN',
  'BZD',
  'CAD',
  'CDF',
  'CHF',
  'CLP',
  'CNY',
  'COP',
  'CRC',
  'CVE',
  'CZK',
  'DJF',
  'DKK',
  'DOP',
  'DZD',
  'EGP',
  'ETB',
  'EUR',
  'FJD',
  'FKP',
  'GBP',
  'GEL',
  'GIP',
  'GMD',
  'GNF',
  'GTQ',
  'GYD',
  'HKD',
  'HNL',
  'HTG',
  'HUF',
  'IDR',
  'ILS',
  'INR',
  'ISK',
  'JMD',
  'JOD',
  'JPY',
  'KES',
  'KGS',
  'KHR',
  'KMF',
  'KRW',
  'KWD',
  'KYD',
  'KZT',
  'LAK',
  'LBP',
  'LKR',
  'LRD',
  'LSL',
  'MAD',
  'MDL',
  'MGA',
  'MKD',
  'MMK',
  'MNT',
  'MOP',
  'MUR',
  'MVR',
  'MWK',
  'MXN',
  'MYR',
  'MZN',
  'NAD',
  'NGN',
  'NIO',
  'NOK',
  'NPR',
  'NZD',
  'OMR',
  'PAB',
  'PEN',
  'PGK',
  'PHP',
  'PKR',
  'PLN',
  'PYG',
  'QAR',
  'RON',
  'RSD',
  'RUB',
  'RWF',
  'SAR',
  'SBD',
  'SCR',
  'SEK',
  'SGD',
  'SHP',
  'SLE',
  'SOS',
  'SRD',
  'STD',
  'SZL',
  'THB',
  'TJS',
  'TMT',
  'TND',
  'TOP',
  'TRY',
  'TTD',
  'TWD',
  'TZS',
  'UAH',
  'UGX',
  'USD',
  'UYU',
  'UZS',
  'VES',
  'VND',
  'VUV',
  'WST',
  'XAF',
  'XCD',
  'XOF',
  'XPF',
  'YER',
  'ZAR',
  'ZMW',
]);

/**
 * The least the provider charges, in minor units, for the currencies it lists a minimum for. It applies in the
 * account's settlement currency; these hold when the shop charges in the currency it is paid out in.
 */
const CARD_MINIMUMS: Readonly<Record<string, number>> = {
  USD: 50,
  AED: 200,
  AUD: 50,
  BGN: 100,
  BRL: 50,
  CAD: 50,
  CHF: 50,
  CZK: 1500,
  DKK: 250,
  EUR: 50,
  GBP: 30,
  HKD: 400,
  HUF: 17500,
  INR: 50,
  JPY: 50,
  MXN: 1000,
  MYR: 200,
  NOK: 300,
  NZD: 50,
  PLN: 200,
  RON: 200,
  SEK: 300,
  SGD: 50,
  THB: 1000,
};

const code = (currency: string) => currency.toUpperCase();

/**
 * How many decimals an amount's minor units have: 2 for pounds (pence), 0 for yen, 3 for dinars, 2 for krónur (see
 * above), and 2 for a currency the provider does not list.
 */
export function minorDigits(currency: string): number {
  const upper = code(currency);
  if (ZERO_DECIMAL.has(upper)) return 0;
  if (THREE_DECIMAL.has(upper)) return 3;
  return 2;
}

/** Every currency a card can be charged in, upper case. */
export const cardCurrencies = (): readonly string[] => [...CARD_CURRENCIES];

/** Whether a card can be charged in this currency (ISO 4217, any case). */
export const isCardCurrency = (currency: string): boolean => CARD_CURRENCIES.has(code(currency));

/** The least a card payment in this currency may be, in minor units; null when the provider lists none for it. */
export const cardMinimum = (currency: string): number | null => CARD_MINIMUMS[code(currency)] ?? null;

/** What every card amount in this currency must be a multiple of, in minor units. */
export function cardAmountStep(currency: string): number {
  const upper = code(currency);
  if (WHOLE_UNITS_IN_TWO_DECIMALS.has(upper)) return 100;
  if (THREE_DECIMAL.has(upper)) return 10;
  return 1;
}

/** Why the provider would refuse a card payment of `amountMinor`, or null when it would take it. */
export type CardAmountProblem = 'currency' | 'minimum' | 'step';

export function cardAmountProblem(amountMinor: number, currency: string): CardAmountProblem | null {
  if (!isCardCurrency(currency)) return 'currency';
  if (amountMinor < (cardMinimum(currency) ?? 1)) return 'minimum';
  if (amountMinor % cardAmountStep(currency) !== 0) return 'step';
  return null;
}
