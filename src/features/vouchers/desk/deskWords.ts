/**
 * What the desk says of a voucher (docs/vouchers.md): what it does ("20% off", "£5.00 off each", "£10.00 each"),
 * what it applies to, when it can be used and where it stands; and what it can be made to apply to, from the
 * products and quotas staff read.
 */
import { plural, t } from '@lingui/core/macro';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { typedTitle } from '../../../lib/typedTitle';
import { isRecord } from '../../../state/validation';
import { parseProduct, parseQuotas } from '../../catalogue';
import type { Voucher, VoucherDeskOutcome, VoucherScope } from '../model';
import type { VoucherState } from './voucherList';

/** A product, event or quota a voucher can name: its id and what staff call it. */
interface TargetOption {
  id: string;
  name: string;
}

/** What a voucher can apply to besides the whole shop, each by name. */
export type VoucherTargets = Record<Exclude<VoucherScope, 'shop'>, TargetOption[]>;

/** A target's id as the rules take it (database.rules.json, vouchers' target). */
const TARGET_ID = /^[a-z0-9-]{1,64}$/;

const byName = (a: TargetOption, b: TargetOption) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The products (every one but gift cards, which no voucher lowers), the events (a product with a date and no group:
 * an event's first type or an event sold without types) and the quotas, by name, from products/ and quotas/.
 */
export function voucherTargets(rawProducts: unknown, rawQuotas: unknown): VoucherTargets {
  const product: TargetOption[] = [];
  const event: TargetOption[] = [];
  for (const [id, stored] of Object.entries(isRecord(rawProducts) ? rawProducts : {})) {
    const parsed = parseProduct(id, stored);
    if (!('product' in parsed) || !TARGET_ID.test(id) || parsed.product.giftCard) continue;
    const { title, typeName, date, group } = parsed.product;
    product.push({ id, name: typedTitle(title, typeName) });
    if (date !== null && group === null) event.push({ id, name: title });
  }
  const quota = [...parseQuotas(rawQuotas).quotas.values()]
    .filter((found) => TARGET_ID.test(found.id))
    .map((found) => ({ id: found.id, name: found.name }));
  return { product: product.sort(byName), event: event.sort(byName), quota: quota.sort(byName) };
}

/** What a voucher does to each unit, in words: "20% off", "£5.00 off each", "£10.00 each". */
export function voucherDoes(voucher: Pick<Voucher, 'kind' | 'value' | 'currency'>, locale: string): string {
  if (voucher.kind === 'none') return t`nothing off: it opens what it names`;
  if (voucher.kind === 'percent') {
    const percent = new Intl.NumberFormat(locale, { style: 'percent' }).format(voucher.value / 100);
    return t`${percent} off`;
  }
  const amount = formatMoney(fromMinorUnits(voucher.value, voucher.currency), voucher.currency, locale);
  return voucher.kind === 'amount' ? t`${amount} off each` : t`${amount} each`;
}

/** What a voucher applies to, in words: the whole shop, a product, an event's tickets or what draws on a quota. */
export function voucherAppliesTo(voucher: Pick<Voucher, 'scope' | 'target'>, targets: VoucherTargets): string {
  if (voucher.scope === 'shop') return t`the whole shop`;
  const id = voucher.target ?? '';
  const name = targets[voucher.scope].find((option) => option.id === id)?.name;
  if (name === undefined) return t`${id}, which is no longer there`;
  switch (voucher.scope) {
    case 'product':
      return name;
    case 'event':
      return t`every ticket of ${name}`;
    case 'quota':
      return t`everything drawing on the quota ${name}`;
  }
}

/** When a voucher can be used, with `date` saying a moment as the desk does (in the shop's time zone). */
export function voucherWindow(voucher: Pick<Voucher, 'from' | 'until'>, date: (at: number) => string): string {
  if (voucher.from !== null && voucher.until !== null) {
    const from = date(voucher.from);
    const until = date(voucher.until);
    return t`from ${from} until ${until}`;
  }
  if (voucher.from !== null) {
    const from = date(voucher.from);
    return t`from ${from}, no end`;
  }
  if (voucher.until !== null) {
    const until = date(voucher.until);
    return t`until ${until}`;
  }
  return t`at any time`;
}

/** Where a voucher stands, in a word or two. */
export function voucherStateWords(state: VoucherState): string {
  switch (state) {
    case 'disabled':
      return t`Disabled`;
    case 'used-up':
      return t`Used up`;
    case 'not-yet':
      return t`Not valid yet`;
    case 'expired':
      return t`Expired`;
    case 'active':
      return t`Active`;
  }
}

/** How many places a voucher holds, in words. */
export const heldWords = (places: number): string =>
  plural(places, { one: 'Holds # place apart from public sale', other: 'Holds # places apart from public sale' });

/**
 * What trusted code made of a voucher that holds places, in words: what the toast says when it was made (or is still
 * to be made), or why nothing was made, which the dialog says.
 */
export function holdAnswerWords(
  outcome: VoucherDeskOutcome | 'queued',
  code: string,
): { made: string } | { refused: string } {
  if (outcome === 'queued') {
    return {
      made: t`The shop’s server has not answered yet: voucher ${code} shows in the list once it holds its places.`,
    };
  }
  switch (outcome.kind) {
    case 'held': {
      const places = outcome.places;
      return {
        made: plural(places, {
          one: `Voucher ${code} is created and holds # place.`,
          other: `Voucher ${code} is created and holds # places.`,
        }),
      };
    }
    case 'taken':
      return { refused: t`A voucher with the code ${code} already exists: choose another code. Nothing was held.` };
    case 'not-enough': {
      const left = outcome.left;
      return {
        refused:
          left === 0
            ? t`No places of it are left to hold: they are sold, held, or wanted by people on the waiting list. Nothing was held.`
            : plural(left, {
                one: 'Only # place of it can be held: the others are sold, held, or wanted by people on the waiting list. Nothing was held.',
                other:
                  'Only # places of it can be held: the others are sold, held, or wanted by people on the waiting list. Nothing was held.',
              }),
      };
    }
    case 'not-found':
      return { refused: t`That product is no longer there, or no voucher can apply to it. Nothing was held.` };
    case 'invalid':
      return { refused: t`The shop could not take this voucher. Nothing was held.` };
  }
}
