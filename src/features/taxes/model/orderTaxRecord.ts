/**
 * The tax an order keeps (docs/taxes.md#the-orders-tax): what trusted code fixes in the batch that places the order,
 * stored at orders/{uid}/{id}/tax in whole minor units, and what every reader takes from it. A later change of the
 * shop's rates never changes an order already placed. Pure, shared by trusted code, the shop and the documents.
 */
import { isRecord } from '../../../state/validation';
import { BASIS_POINTS_PER_WHOLE, orderTax, type OrderTax, type TaxLineInput } from './orderTax';
import {
  appliedRate,
  isTaxRateId,
  needsReason,
  REVERSE_CHARGE,
  TAX_RATE_KINDS,
  TAX_TERMS,
  type AppliedRateKind,
  type TaxRateSetting,
  type TaxSettings,
} from './taxSettings';

type RateAsApplied = Pick<TaxRateSetting, 'name' | 'basisPoints'> & { kind: AppliedRateKind; reason?: string };

interface Split {
  net: number;
  tax: number;
  gross: number;
}

export interface OrderTaxRecord extends Split {
  /** Whether the lines' prices included the tax (then the order's total is theirs) or not (the tax comes on top). */
  included: boolean;
  /** The currency its amounts are in, the shop's when the order was placed. */
  currency: string;
  /**
   * By rate id: the rate as it was then (its name, kind and size, and for an exempt rate the reason an invoice gives),
   * and its lines' totals. Kept whole, so what the order, its emails and its documents say never depends on the
   * settings of the day.
   */
  rates: Record<string, Split & RateAsApplied>;
  /** By product id: the line's rate and its share. A gift card's line has none: it is outside the scope of tax. */
  items: Record<string, { rate: string; net: number; tax: number }>;
}

/** The stored form of an order's calculated tax in `currency`, each rate as `settings` describe it. */
function orderTaxRecord(tax: OrderTax, currency: string, settings: Pick<TaxSettings, 'rates'>): OrderTaxRecord {
  const described = (id: string): Omit<RateAsApplied, 'basisPoints'> => {
    if (id === REVERSE_CHARGE.id) return { name: REVERSE_CHARGE.name, kind: REVERSE_CHARGE.kind };
    const { name, kind, reason } = settings.rates.find((rate) => rate.id === id)!;
    return { name, kind, ...(needsReason(kind) ? { reason } : {}) };
  };
  return {
    included: tax.includesTax,
    currency,
    net: tax.net,
    tax: tax.tax,
    gross: tax.gross,
    rates: Object.fromEntries(
      tax.rates.map(({ rate, basisPoints, net, tax: owed, gross }) => [
        rate,
        { ...described(rate), basisPoints, net, tax: owed, gross },
      ]),
    ),
    items: Object.fromEntries(tax.lines.map(({ key, rate, net, tax: owed }) => [key, { rate, net, tax: owed }])),
  };
}

/** A line of an order, or of a wishlist at checkout, as tax sees it. */
export interface TaxableLine {
  /** Its product's id. */
  id: string;
  /** What it is sold for in minor units: its price after any voucher, times its quantity. */
  amount: number;
  /** The rate its product names, if any. */
  taxRate?: string;
  giftCard: boolean;
  /** A ticket: admission to an event, taxed where it takes place, never under reverse charge. */
  admission: boolean;
}

const REVERSE_RATE = { id: REVERSE_CHARGE.id, basisPoints: 0 };

/**
 * The tax of `lines` under `settings` (docs/taxes.md#the-orders-tax): each line at the rate its product names, else
 * the shop's default; a gift card's outside the scope of tax, whatever rate it names. Under `reverseCharge`
 * (reverseChargeFor), what is not admission is at 0 % under the reverse-charge rate, its price as it stands
 * (docs/taxes.md#reverse-charge). Null when no line is taxed. What trusted code keeps in a new order, and what checkout
 * shows before it from the live settings.
 */
export function taxOfLines(
  lines: readonly TaxableLine[],
  settings: TaxSettings,
  currency: string,
  reverseCharge = false,
): OrderTaxRecord | null {
  const taxed = lines.flatMap((line): TaxLineInput[] => {
    const shopRate = line.giftCard ? null : appliedRate(settings, line.taxRate);
    const rate = shopRate && reverseCharge && !line.admission ? REVERSE_RATE : shopRate;
    return rate ? [{ key: line.id, amount: line.amount, rate }] : [];
  });
  return taxed.length > 0 ? orderTaxRecord(orderTax(taxed, settings.pricesIncludeTax), currency, settings) : null;
}

/** What the tax adds to the sum of the order's lines: nothing when their prices include it, or it has none. */
export const taxOnTop = (record: OrderTaxRecord | null): number => (record && !record.included ? record.tax : 0);

const minor = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
/** Net, tax and gross as stored, when they are whole minor units and add up. */
const splitOf = ({ net, tax, gross }: Record<string, unknown>): Split | null =>
  minor(net) && minor(tax) && minor(gross) && net + tax === gross ? { net, tax, gross } : null;

const text = (value: unknown, length: number): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= length;

const APPLIED_KINDS: readonly AppliedRateKind[] = [...TAX_RATE_KINDS, REVERSE_CHARGE.kind];

/**
 * A rate as the order keeps it: a name, a known kind, a size within 0–100 %, and a reason where its kind needs one;
 * the reverse-charge rate under its own id alone, at 0 %.
 */
function rateAsApplied(id: string, { name, kind, basisPoints, reason }: Record<string, unknown>): RateAsApplied | null {
  const known = APPLIED_KINDS.find((each) => each === kind);
  if (!known || !text(name, TAX_TERMS.nameLength)) return null;
  if (!minor(basisPoints) || basisPoints > BASIS_POINTS_PER_WHOLE) return null;
  if ((id === REVERSE_CHARGE.id) !== (known === REVERSE_CHARGE.kind)) return null;
  if (known === REVERSE_CHARGE.kind && basisPoints !== 0) return null;
  if (needsReason(known) ? !text(reason, TAX_TERMS.reasonLength) : reason !== undefined) return null;
  return { name, kind: known, basisPoints, ...(needsReason(known) ? { reason: reason as string } : {}) };
}

/**
 * Reads an order's stored tax, or null when it has none or it does not add up: whole minor units, net and tax making
 * the gross on every rate and in all, each line under a rate the order names, and the lines' tax making the rate's.
 * Only trusted code writes it (database.rules.json), so a null for a present node means a record to look into.
 */
export function parseOrderTaxRecord(raw: unknown): OrderTaxRecord | null {
  if (!isRecord(raw) || typeof raw.included !== 'boolean') return null;
  if (typeof raw.currency !== 'string' || !/^[A-Z]{3}$/.test(raw.currency)) return null;
  const whole = splitOf(raw);
  if (!whole || !isRecord(raw.rates) || !isRecord(raw.items)) return null;
  const rates: OrderTaxRecord['rates'] = {};
  for (const [id, rate] of Object.entries(raw.rates)) {
    const split = isTaxRateId(id) && isRecord(rate) ? splitOf(rate) : null;
    const applied = isRecord(rate) ? rateAsApplied(id, rate) : null;
    if (!split || !applied) return null;
    rates[id] = { ...applied, ...split };
  }
  const items: OrderTaxRecord['items'] = {};
  const taxByRate = new Map<string, number>();
  for (const [productId, item] of Object.entries(raw.items)) {
    if (!isRecord(item) || typeof item.rate !== 'string' || !rates[item.rate]) return null;
    if (!minor(item.net) || !minor(item.tax)) return null;
    items[productId] = { rate: item.rate, net: item.net, tax: item.tax };
    taxByRate.set(item.rate, (taxByRate.get(item.rate) ?? 0) + item.tax);
  }
  const ratesAdd = Object.entries(rates).every(([id, rate]) => taxByRate.get(id) === rate.tax);
  const sum = (key: keyof Split) => Object.values(rates).reduce((total, rate) => total + rate[key], 0);
  if (!ratesAdd || sum('net') !== whole.net || sum('tax') !== whole.tax || sum('gross') !== whole.gross) return null;
  return { included: raw.included, currency: raw.currency, ...whole, rates, items };
}
