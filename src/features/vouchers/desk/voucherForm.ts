/**
 * The desk's voucher form (docs/vouchers.md): its fields as typed, their checks (the same limits as the vouchers
 * rules in database.rules.json), the terms they make, the codes a creation writes and the one update that writes
 * them. Creating makes one code (chosen or generated) or several (generated, with a prefix), or one code of one product
 * that holds places apart from public sale (docs/vouchers.md#staff-holding-places), which trusted code makes; editing
 * changes the terms, never the code, nor what it does and applies to once it has been used or while it holds places.
 */
import { t } from '@lingui/core/macro';
import { optionalText, validateFields, type FieldErrors } from '../../../lib/forms';
import { formatMoney, fromMinorUnits, minorDigits, toMinorUnits } from '../../../lib/money';
import { fromLocalInput, toLocalInput } from '../../dashboardKit';
import { amountText } from '../../payments/model';
import {
  isVoucherPrefix,
  newVoucherCode,
  newVoucherRecord,
  normaliseVoucherCode,
  VOUCHER_BULK_MAX,
  VOUCHER_COMMENT_MAX,
  VOUCHER_HOLD_MAX,
  VOUCHER_PREFIX_MAX,
  VOUCHER_TAG_MAX,
  VOUCHER_USES_MAX,
  voucherPaths,
  voucherTermsRecord,
  type Voucher,
  type VoucherKind,
  type VoucherScope,
  type VoucherTerms,
} from '../model';
import type { VoucherTargets } from './deskWords';

/** The form's fields, as typed. */
export interface VoucherFields {
  code: string;
  count: string;
  prefix: string;
  kind: VoucherKind;
  value: string;
  scope: VoucherScope;
  target: string;
  uses: string;
  from: string;
  until: string;
  tag: string;
  comment: string;
  disabled: boolean;
  /** A new voucher of one product holds places apart from public sale, and how many. */
  hold: boolean;
  places: string;
}

export const NEW_VOUCHER: VoucherFields = {
  code: '',
  count: '1',
  prefix: '',
  kind: 'percent',
  value: '',
  scope: 'shop',
  target: '',
  uses: '1',
  from: '',
  until: '',
  tag: '',
  comment: '',
  disabled: false,
  hold: false,
  places: '',
};

/** The most a voucher's amount may be, in minor units: the rules' bound. */
const VOUCHER_AMOUNT_MAX = 100_000_000_000;

/** What the form checks against and writes. */
export interface VoucherFormContext {
  /** The voucher edited; null while creating one. */
  editing: Voucher | null;
  /** The shop's currency, a new voucher's; an edited one keeps its own. */
  currency: string;
  /** The time zone its window is typed in (the shop's: inputZone). */
  zone: string;
  /** The reader's language, in which amounts are written back into the form. */
  locale: string;
  targets: VoucherTargets;
  /** The codes there are already: a chosen one among them is refused, a generated one made again. */
  known: ReadonlySet<string>;
}

/**
 * Whether what it does and what it applies to can no longer change: it has been used, or it holds places of its
 * product (the rules keep its product; docs/vouchers.md#staff-holding-places).
 */
export const isLocked = (voucher: Voucher | null): boolean =>
  voucher !== null && (voucher.used > 0 || voucher.held !== null);

/** Whether the form makes a new voucher that holds places: one code, of one product, with the box ticked. */
export const holdsPlaces = (fields: VoucherFields, context: Pick<VoucherFormContext, 'editing'>): boolean =>
  context.editing === null && fields.hold && fields.scope === 'product';

/** The places a new voucher holds, as typed (a whole number from 1 to VOUCHER_HOLD_MAX); null when none can be. */
export const placesToHold = (fields: VoucherFields): number | null => wholeNumber(fields.places, 1, VOUCHER_HOLD_MAX);

/** A moment in ms as a `datetime-local` value in `zone`; empty for none. */
const momentInput = (at: number | null, zone: string) =>
  at === null ? '' : toLocalInput(new Date(at).toISOString(), zone);

/** The moment a `datetime-local` value means, in ms; null when empty or no date. */
function momentOf(value: string, zone: string): number | null {
  const iso = fromLocalInput(value, zone);
  return iso === null ? null : Date.parse(iso);
}

/** An edited voucher's fields as the form shows them, its amount written as the reader writes one. */
export function voucherFields(voucher: Voucher, zone: string, locale: string): VoucherFields {
  return {
    ...NEW_VOUCHER,
    code: voucher.code,
    kind: voucher.kind,
    value: voucher.kind === 'percent' ? String(voucher.value) : amountText(voucher.value, voucher.currency, locale),
    scope: voucher.scope,
    target: voucher.target ?? '',
    uses: String(voucher.uses),
    from: momentInput(voucher.from, zone),
    until: momentInput(voucher.until, zone),
    tag: voucher.tag ?? '',
    comment: voucher.comment ?? '',
    disabled: voucher.disabled,
  };
}

/** An amount typed in major units ("5", "5.50" or "5,50") as minor units of `currency`; null when it is none. */
export function amountMinor(text: string, currency: string): number | null {
  const typed = /^(\d{1,12})(?:[.,](\d+))?$/.exec(text.replace(/\s/g, ''));
  if (!typed || (typed[2] ?? '').length > minorDigits(currency)) return null;
  return toMinorUnits(Number(`${typed[1]}.${typed[2] ?? '0'}`), currency);
}

/** A whole number typed, from `least` to `most`; null when it is not one. */
function wholeNumber(text: string, least: number, most: number): number | null {
  const typed = text.trim();
  if (!/^\d{1,9}$/.test(typed)) return null;
  const value = Number(typed);
  return value >= least && value <= most ? value : null;
}

/** A percentage typed ("20" or "20 %"), from 1 to 100; null when it is not one. */
const percentOf = (text: string): number | null => wholeNumber(text.replace('%', ''), 1, 100);

/** How many codes the form makes (1 when that is no number: its own error says so). */
const codeCount = (fields: VoucherFields): number => wholeNumber(fields.count, 1, VOUCHER_BULK_MAX) ?? 1;

/** Why the value cannot be taken, or nothing. */
function valueProblem(fields: VoucherFields, context: VoucherFormContext): string | undefined {
  if (fields.kind === 'none') return undefined;
  if (fields.kind === 'percent') {
    return percentOf(fields.value) === null ? t`Enter a whole percentage from 1 to 100.` : undefined;
  }
  const currency = context.editing?.currency ?? context.currency;
  if (fields.value.trim() === '') return fields.kind === 'amount' ? t`Enter the amount off each.` : t`Enter the price.`;
  const minor = amountMinor(fields.value, currency);
  if (minor === null) {
    const example = amountText(550, currency, context.locale);
    return t`Enter an amount such as ${example}.`;
  }
  if (fields.kind === 'amount' && minor < 1) return t`Enter an amount above nothing.`;
  if (minor > VOUCHER_AMOUNT_MAX) {
    const most = formatMoney(fromMinorUnits(VOUCHER_AMOUNT_MAX, currency), currency, context.locale);
    return t`At most ${most}.`;
  }
  return undefined;
}

/**
 * The form's errors, field by field (useForm); what a used voucher keeps is not looked at. A new voucher cannot end
 * before `now` (it could never be used); an edited one may, which is how staff end one early.
 */
export function validateVoucher(
  fields: VoucherFields,
  context: VoucherFormContext,
  now: number,
): FieldErrors<VoucherFields> {
  const { editing, known, zone } = context;
  const locked = isLocked(editing);
  const several = codeCount(fields) > 1;
  const holding = holdsPlaces(fields, context);
  const fixed = (check: (value: string) => string | undefined) => (value: string) =>
    locked ? undefined : check(value);
  return validateFields<VoucherFields>(fields, {
    code: (value) => {
      if (editing || value.trim() === '') return undefined;
      if (several) return t`Leave the code empty to create several: their codes are generated.`;
      const code = normaliseVoucherCode(value);
      if (code === null) return t`A code has 3 to 32 letters, digits or hyphens, and starts with a letter or digit.`;
      return known.has(code) ? t`A voucher with the code ${code} already exists: choose another code.` : undefined;
    },
    count: (value) => {
      if (editing) return undefined;
      const max = VOUCHER_BULK_MAX.toLocaleString(context.locale);
      if (wholeNumber(value, 1, VOUCHER_BULK_MAX) === null) return t`A whole number from 1 to ${max}.`;
      return holding && several ? t`A voucher that holds places is made one at a time: leave 1.` : undefined;
    },
    prefix: (value) => {
      if (editing || fields.code.trim() !== '') return undefined;
      const max = VOUCHER_PREFIX_MAX;
      return isVoucherPrefix(value.trim())
        ? undefined
        : t`Up to ${max} letters, digits or hyphens, with no hyphen at either end.`;
    },
    value: fixed(() => valueProblem(fields, context)),
    target: fixed((value) => {
      if (fields.scope === 'shop') return undefined;
      return context.targets[fields.scope].some((option) => option.id === value)
        ? undefined
        : t`Choose what it applies to.`;
    }),
    uses: (value) => {
      const max = VOUCHER_USES_MAX.toLocaleString(context.locale);
      const uses = wholeNumber(value, 1, VOUCHER_USES_MAX);
      if (uses === null) return t`A whole number from 1 to ${max}.`;
      const used = editing?.used ?? 0;
      return uses < used ? t`At least ${used}: it has been used that many times already.` : undefined;
    },
    from: (value) =>
      value !== '' && momentOf(value, zone) === null ? t`Choose a date and time, or leave it empty.` : undefined,
    until: (value) => {
      if (value === '') return undefined;
      const until = momentOf(value, zone);
      if (until === null) return t`Choose a date and time, or leave it empty.`;
      const from = momentOf(fields.from, zone);
      if (from !== null && until < from) return t`It must end after it starts.`;
      return !editing && until <= now
        ? t`It would end before it is made: choose a later end, or leave it empty.`
        : undefined;
    },
    tag: optionalText(VOUCHER_TAG_MAX),
    comment: optionalText(VOUCHER_COMMENT_MAX),
    places: () => {
      if (!holding || placesToHold(fields) !== null) return undefined;
      const max = VOUCHER_HOLD_MAX.toLocaleString(context.locale);
      return t`A whole number of places from 1 to ${max}.`;
    },
  });
}

/** The terms valid fields make; a used voucher keeps what it does and applies to, an edited one its currency. */
export function voucherTerms(fields: VoucherFields, context: VoucherFormContext): VoucherTerms {
  const { editing, zone } = context;
  const currency = editing?.currency ?? context.currency;
  const kept =
    editing && isLocked(editing)
      ? { kind: editing.kind, value: editing.value, scope: editing.scope, target: editing.target }
      : {
          kind: fields.kind,
          value:
            fields.kind === 'none'
              ? 0
              : ((fields.kind === 'percent' ? percentOf(fields.value) : amountMinor(fields.value, currency)) ?? 0),
          scope: fields.scope,
          target: fields.scope === 'shop' ? null : fields.target,
        };
  return {
    ...kept,
    currency,
    uses: Number(fields.uses.trim()),
    from: fields.from === '' ? null : momentOf(fields.from, zone),
    until: fields.until === '' ? null : momentOf(fields.until, zone),
    disabled: editing ? fields.disabled : false,
    tag: fields.tag.trim() || null,
    comment: fields.comment.trim() || null,
  };
}

/** The code staff chose, in its stored form; null when they left it to be generated. */
export const chosenCode = (fields: VoucherFields): string | null =>
  fields.code.trim() === '' ? null : normaliseVoucherCode(fields.code);

/**
 * The codes a creation writes: the one chosen, or as many as asked generated with the prefix, each new (neither
 * among `known` nor twice). `generate` makes one (newVoucherCode; a test gives its own).
 */
export function codesToCreate(
  fields: VoucherFields,
  known: ReadonlySet<string>,
  generate: (prefix: string) => string = newVoucherCode,
): string[] {
  const chosen = chosenCode(fields);
  if (chosen !== null) return [chosen];
  const count = codeCount(fields);
  const codes = new Set<string>();
  // 40 random bits a code: a clash is next to impossible, so only a broken source of randomness runs out of tries.
  for (let tries = 0; codes.size < count; tries += 1) {
    if (tries > count * 10) throw new Error('vouchers: no fresh code could be generated');
    const code = generate(fields.prefix.trim());
    if (!known.has(code)) codes.add(code);
  }
  return [...codes];
}

/** One update from the root that writes every new voucher whole (`at`: the server's clock placeholder). */
export function newVoucherWrites(codes: readonly string[], terms: VoucherTerms, at: object): Record<string, unknown> {
  return Object.fromEntries(codes.map((code) => [voucherPaths.voucher(code), newVoucherRecord(terms, at)]));
}

/** What it does and applies to, which a used voucher keeps: left out of its update. */
const KEPT_ONCE_USED = new Set(['kind', 'value', 'currency', 'scope', 'target']);

/**
 * One update from the root that writes an edited voucher's terms field by field under vouchers/{code}/, never
 * `used` nor `created`: a use counted meanwhile by trusted code stays counted. A used voucher's kind, value,
 * currency, scope and target are not written at all.
 */
export function voucherTermWrites(voucher: Voucher, terms: VoucherTerms): Record<string, unknown> {
  const locked = isLocked(voucher);
  return Object.fromEntries(
    Object.entries(voucherTermsRecord(terms))
      .filter(([field]) => !(locked && KEPT_ONCE_USED.has(field)))
      .map(([field, value]) => [`${voucherPaths.voucher(voucher.code)}/${field}`, value]),
  );
}
