/**
 * The shop's tax settings, as the organiser sets them on the desk (taxSettings in the database; docs/taxes.md#settings):
 * whether the shop charges tax at all, whether its prices include it, its country, and the named rates products and
 * ticket types point to. Read by trusted code when an order is placed, which fixes the rates into the order.
 */
import { isRecord } from '../../../state/validation';
import { BASIS_POINTS_PER_WHOLE, type AppliedRate } from './orderTax';

/**
 * What a rate is: a standard or reduced rate above nothing; a zero rate (taxed, at 0 %); exempt (not taxed, with the
 * reason the invoice must give); outside the scope (not a sale for tax: a gift card, whose tax falls due as it is spent).
 */
export const TAX_RATE_KINDS = ['standard', 'reduced', 'zero', 'exempt', 'outside'] as const;
export type TaxRateKind = (typeof TAX_RATE_KINDS)[number];

export interface TaxRateSetting {
  id: string;
  name: string;
  kind: TaxRateKind;
  basisPoints: number;
  /** Said on the invoice beside an exempt or out-of-scope line; empty for the others. */
  reason: string;
}

export interface TaxSettings {
  on: boolean;
  pricesIncludeTax: boolean;
  /** ISO 3166 two-letter code of the shop's country, or '' before it is set. */
  country: string;
  /** In the order of their ids. */
  rates: TaxRateSetting[];
  /** The rate of a product or type that names none, or names one no longer there; null: none yet. */
  defaultRate: string | null;
  /**
   * Whether a business in another EU country that gives its VAT number is charged no VAT on what is not admission
   * (docs/taxes.md#reverse-charge); only for a shop in the EU.
   */
  reverseCharge: boolean;
}

/** The bounds the rules hold a rate to (database.rules.json, taxSettings). */
export const TAX_TERMS = {
  rateId: /^[a-z0-9][a-z0-9-]{0,31}$/,
  nameLength: 60,
  reasonLength: 200,
  rates: 20,
} as const;

/** A shop that has set nothing charges no tax, as every order did before taxes. */
const DEFAULT_TAX_SETTINGS: TaxSettings = {
  on: false,
  pricesIncludeTax: true,
  country: '',
  rates: [],
  defaultRate: null,
  reverseCharge: false,
};

const ZERO_KINDS: readonly AppliedRateKind[] = ['zero', 'exempt', 'outside', 'reverse'];
const NEEDS_REASON: readonly AppliedRateKind[] = ['exempt', 'outside'];

/** Whether a rate of this kind is 0 % by what it is (zero-rated, exempt, outside the scope). */
export const isZeroKind = (kind: AppliedRateKind): boolean => ZERO_KINDS.includes(kind);
/** Whether a rate of this kind must say why on the invoice (exempt, outside the scope). */
export const needsReason = (kind: AppliedRateKind): boolean => NEEDS_REASON.includes(kind);
/** Whether `id` can name a rate: what products' `taxRate` and the rates' keys must be. */
export const isTaxRateId = (id: string): boolean => TAX_TERMS.rateId.test(id);

/**
 * The rate an order's line is put under when reverse charge applies to it (docs/taxes.md#reverse-charge): 0 %, its
 * wording the documents' own in their language. Its id is kept from the shop's rates (the rules refuse it there).
 */
export const REVERSE_CHARGE = { id: 'reverse-charge', kind: 'reverse', name: 'Reverse charge' } as const;

/** The kinds a rate an order applied may be: the shop's, or reverse charge. */
export type AppliedRateKind = TaxRateKind | typeof REVERSE_CHARGE.kind;

/** Text that says something within `length` characters, as stored; '' for anything else. */
const text = (value: unknown, length: number): string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= length ? value : '';
const RATE_FIELDS = ['name', 'kind', 'basisPoints', 'reason'];

/**
 * One stored rate, or null when it cannot be applied as it stands: the same rates the rules refuse to store
 * (docs/taxes.md#settings says what each needs).
 */
export function parseTaxRate(id: string, raw: unknown): TaxRateSetting | null {
  if (!isTaxRateId(id) || id === REVERSE_CHARGE.id || !isRecord(raw)) return null;
  if (Object.keys(raw).some((field) => !RATE_FIELDS.includes(field))) return null;
  const kind = TAX_RATE_KINDS.find((each) => each === raw.kind);
  const basisPoints = raw.basisPoints;
  const name = text(raw.name, TAX_TERMS.nameLength);
  const reason = text(raw.reason, TAX_TERMS.reasonLength);
  if (!kind || name === '' || typeof basisPoints !== 'number' || !Number.isInteger(basisPoints)) return null;
  if (isZeroKind(kind) ? basisPoints !== 0 : basisPoints < 1 || basisPoints > BASIS_POINTS_PER_WHOLE) {
    return null;
  }
  if (raw.reason !== undefined && reason === '') return null;
  if (needsReason(kind) && reason === '') return null;
  return { id, name, kind, basisPoints, reason: needsReason(kind) ? reason : '' };
}

/**
 * Reads the stored settings. A rate that cannot be applied is left out, and a default that names no rate left is
 * none; a shop whose settings are switched on but hold no usable rate charges no tax, and `usable` says so for the
 * desk to show.
 */
export function parseTaxSettings(raw: unknown): TaxSettings & { usable: boolean } {
  const stored = isRecord(raw) ? raw : {};
  const storedRates = isRecord(stored.rates) ? stored.rates : {};
  const rates = Object.keys(storedRates)
    .sort()
    .slice(0, TAX_TERMS.rates)
    .flatMap((id) => parseTaxRate(id, storedRates[id]) ?? []);
  const defaultRate = rates.find((rate) => rate.id === stored.defaultRate)?.id ?? null;
  const on = stored.on === true;
  return {
    on: on && rates.length > 0,
    pricesIncludeTax:
      typeof stored.pricesIncludeTax === 'boolean' ? stored.pricesIncludeTax : DEFAULT_TAX_SETTINGS.pricesIncludeTax,
    country:
      typeof stored.country === 'string' && /^[A-Z]{2}$/.test(stored.country)
        ? stored.country
        : DEFAULT_TAX_SETTINGS.country,
    rates,
    defaultRate,
    reverseCharge: stored.reverseCharge === true,
    usable: !on || rates.length > 0,
  };
}

/**
 * The rate a product or ticket type is taxed at: the one it names, else the shop's default; null when the shop
 * charges no tax or has neither. What the order keeps is this, fixed when it is placed.
 */
export function appliedRate(settings: TaxSettings, named: string | undefined): AppliedRate | null {
  if (!settings.on) return null;
  const rate =
    settings.rates.find((each) => each.id === named) ?? settings.rates.find((each) => each.id === settings.defaultRate);
  return rate ? { id: rate.id, basisPoints: rate.basisPoints } : null;
}
