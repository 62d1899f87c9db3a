/**
 * What an order's money holds of tax (docs/taxes.md#rounding): per rate, from the rate's total, rounded once, half
 * up; each line's share of it by largest remainder, so that the lines add up to the rate and net + tax = gross on
 * every line and every rate. Whole minor units throughout, and BigInt where a product of two amounts could pass
 * 2^53. Pure and shared by trusted code (which writes it into the order), the shop and the documents.
 */

/** Hundredths of a percent: 2000 is 20 %, 550 is 5.5 %. Whole numbers, so no rate is a binary fraction. */
export const BASIS_POINTS_PER_WHOLE = 10_000;

/** A rate as an order applies it: its id in the shop's tax settings and its size then. */
export interface AppliedRate {
  id: string;
  basisPoints: number;
}

/** One line of an order: what it comes to in minor units after any discount, and its rate. */
export interface TaxLineInput {
  key: string;
  /** Gross when the shop's prices include tax, net when they do not. */
  amount: number;
  rate: AppliedRate;
}

interface TaxSplit {
  net: number;
  tax: number;
  gross: number;
}

interface TaxedLine extends TaxSplit {
  key: string;
  rate: string;
}

interface RateTotal extends TaxSplit {
  rate: string;
  basisPoints: number;
}

export interface OrderTax extends TaxSplit {
  includesTax: boolean;
  /** In the order the lines came. */
  lines: TaxedLine[];
  /** In the order each rate first appears among the lines. */
  rates: RateTotal[];
}

/** Whole-number division, half up: commercial rounding (docs/taxes.md#rounding). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

function isMinor(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/** Net, tax and gross of an amount and its tax: the amount is the gross when prices include tax, else the net. */
function split(amount: number, tax: number, includesTax: boolean): TaxSplit {
  return includesTax ? { net: amount - tax, tax, gross: amount } : { net: amount, tax, gross: amount + tax };
}

/** The tax on a rate's total: from the gross when prices include it, from the net when they do not. */
export function rateTax(total: number, basisPoints: number, includesTax: boolean): number {
  const base = BigInt(total) * BigInt(basisPoints);
  const whole = BigInt(BASIS_POINTS_PER_WHOLE);
  return Number(divideHalfUp(base, includesTax ? whole + BigInt(basisPoints) : whole));
}

/**
 * `total` shared among `weights` in proportion, whole units each, adding up to `total` exactly: each takes the whole
 * part of its share, and what is left goes one unit each to the largest remainders (the earlier line on a tie).
 */
export function shareByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => BigInt(total) * BigInt(weight));
  const shares = exact.map((value) => value / BigInt(sum));
  let left = total - shares.reduce((a, b) => a + Number(b), 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % BigInt(sum) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = shares.map(Number);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    result[index]! += 1;
    left -= 1;
  }
  return result;
}

/**
 * The tax of an order's lines. Throws on what only a programming error can bring: an amount that is not a whole
 * number of minor units, a rate outside 0–100 %, or one rate id at two sizes.
 */
export function orderTax(lines: readonly TaxLineInput[], includesTax: boolean): OrderTax {
  const rates = new Map<string, { basisPoints: number; indexes: number[] }>();
  lines.forEach((line, index) => {
    if (!isMinor(line.amount)) throw new Error(`Line ${line.key}: ${line.amount} is not whole minor units`);
    const { id, basisPoints } = line.rate;
    if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > BASIS_POINTS_PER_WHOLE) {
      throw new Error(`Rate ${id}: ${basisPoints} basis points`);
    }
    const rate = rates.get(id) ?? { basisPoints, indexes: [] };
    if (rate.basisPoints !== basisPoints) throw new Error(`Rate ${id} at ${rate.basisPoints} and ${basisPoints}`);
    rate.indexes.push(index);
    rates.set(id, rate);
  });

  const taxed: TaxedLine[] = lines.map((line) => ({ key: line.key, rate: line.rate.id, net: 0, tax: 0, gross: 0 }));
  const totals: RateTotal[] = [];
  for (const [id, { basisPoints, indexes }] of rates) {
    const amounts = indexes.map((index) => lines[index]!.amount);
    const total = amounts.reduce((a, b) => a + b, 0);
    const tax = rateTax(total, basisPoints, includesTax);
    const shares = shareByLargestRemainder(tax, amounts);
    indexes.forEach((lineIndex, i) => {
      taxed[lineIndex] = { ...taxed[lineIndex]!, ...split(amounts[i]!, shares[i]!, includesTax) };
    });
    totals.push({ rate: id, basisPoints, ...split(total, tax, includesTax) });
  }
  const sum = (key: keyof TaxSplit) => totals.reduce((a, rate) => a + rate[key], 0);
  return { includesTax, lines: taxed, rates: totals, net: sum('net'), tax: sum('tax'), gross: sum('gross') };
}
