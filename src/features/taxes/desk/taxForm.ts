/**
 * The desk's tax forms (docs/taxes.md#on-the-desk): the shop's settings, and one rate at a time, as typed, checked
 * against the same bounds as the taxSettings rules, and the writes that save them.
 */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { requiredText, validateFields, type FieldErrors } from '../../../lib/forms';
import { slugify } from '../../../lib/slug';
import { fieldDecimal } from '../../../lib/format';
import {
  BASIS_POINTS_PER_WHOLE,
  inEuropeanUnion,
  isZeroKind,
  needsReason,
  REVERSE_CHARGE,
  TAX_TERMS,
  type TaxRateKind,
  type TaxRateSetting,
  type TaxSettings,
} from '../model';

/** The settings form: everything but the rates, which are edited one by one. */
export interface TaxSettingsFields {
  on: boolean;
  pricesIncludeTax: boolean;
  /** Two capital letters, or '' for none chosen. */
  country: string;
  /** A rate's id, or '' for none chosen. */
  defaultRate: string;
  reverseCharge: boolean;
}

export const taxSettingsFields = (settings: TaxSettings): TaxSettingsFields => ({
  on: settings.on,
  pricesIncludeTax: settings.pricesIncludeTax,
  country: settings.country,
  defaultRate: settings.defaultRate ?? '',
  reverseCharge: settings.reverseCharge,
});

/**
 * Tax switched on needs a rate for products that name none: the rules refuse it otherwise. Reverse charge needs a
 * shop in the EU (docs/taxes.md#reverse-charge).
 */
export function validateTaxSettings(
  fields: TaxSettingsFields,
  rates: readonly TaxRateSetting[],
): FieldErrors<TaxSettingsFields> {
  return validateFields(fields, {
    country: (value, all) =>
      all.reverseCharge && !inEuropeanUnion(value)
        ? t`Reverse charge is for a shop in the European Union: choose its country there, or switch it off.`
        : undefined,
    defaultRate: (value, all) => {
      if (!all.on || rates.some((rate) => rate.id === value)) return undefined;
      return rates.length === 0
        ? t`Add a rate below first: the shop cannot charge tax without one.`
        : t`Choose the rate of products that name none.`;
    },
  });
}

/** The settings' fields, as the update of taxSettings that saves them, the rates left as they are. */
export function taxSettingsWrites(fields: TaxSettingsFields): Record<string, unknown> {
  return {
    on: fields.on,
    pricesIncludeTax: fields.pricesIncludeTax,
    country: fields.country === '' ? null : fields.country,
    defaultRate: fields.defaultRate === '' ? null : fields.defaultRate,
    reverseCharge: fields.reverseCharge,
  };
}

/** One rate's editor, as typed: its size as a percentage ("20", "5.5", German "5,5"). */
export interface TaxRateFields {
  name: string;
  kind: TaxRateKind;
  percent: string;
  reason: string;
}

export const EMPTY_TAX_RATE: TaxRateFields = { name: '', kind: 'standard', percent: '', reason: '' };

/** A rate's size as a percentage the reader's language writes: 550 → "5.5" in English, "5,5" in German. */
export const percentText = (basisPoints: number): string => fieldDecimal(basisPoints / 100, i18n.locale);

export const taxRateFields = (rate: TaxRateSetting): TaxRateFields => ({
  name: rate.name,
  kind: rate.kind,
  percent: isZeroKind(rate.kind) ? '' : percentText(rate.basisPoints),
  reason: rate.reason,
});

/**
 * A percentage as typed, with a decimal point or comma and at most two decimals, in basis points: "5.5" → 550.
 * NaN when it is no such number. Read digit by digit, so 17.55 is 1755, never 1754.9999.
 */
export function basisPointsOf(percent: string): number {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(percent.trim());
  if (!match) return NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A new rate's id, from its name, as a quota's is ("Reduced (food)" → "reduced-food"). */
export const taxRateId = (name: string): string => slugify(name, 32);

/**
 * The same bounds as the rules. `editing`: the rate's id, or null for a new one, whose id (from its name) must be
 * free among `takenIds`.
 */
export function validateTaxRate(
  fields: TaxRateFields,
  editing: string | null,
  takenIds: ReadonlySet<string>,
): FieldErrors<TaxRateFields> {
  return validateFields(fields, {
    name: (value) => {
      const problem = requiredText(
        () => t`Please enter a name, such as Standard or Reduced.`,
        TAX_TERMS.nameLength,
      )(value);
      if (problem || editing !== null) return problem;
      const id = taxRateId(value);
      if (id === '') return t`Please use some letters or digits: the rate’s id is made from them.`;
      const most = TAX_TERMS.rates;
      if (takenIds.size >= most) return t`The shop has ${most} rates, the most it may have.`;
      if (id === REVERSE_CHARGE.id)
        return t`Reverse charge is the shop’s own setting, not a rate: please choose another name.`;
      return takenIds.has(id) ? t`Another rate already has the id “${id}”: please choose another name.` : undefined;
    },
    percent: (value, all) => {
      if (isZeroKind(all.kind)) return undefined;
      const basisPoints = basisPointsOf(value);
      return basisPoints >= 1 && basisPoints <= BASIS_POINTS_PER_WHOLE
        ? undefined
        : t`Please enter a percentage above 0 and up to 100, with at most two decimals, such as 20 or 5.5.`;
    },
    reason: (value, all) =>
      needsReason(all.kind)
        ? requiredText(
            () => t`Please say why it is not taxed: the invoice prints it beside the line.`,
            TAX_TERMS.reasonLength,
          )(value)
        : undefined,
  });
}

/** The rate as the rules want it: zero for the kinds that are zero, and a reason only for those that need one. */
function taxRateRecord(fields: TaxRateFields): Record<string, unknown> {
  return {
    name: fields.name.trim(),
    kind: fields.kind,
    basisPoints: isZeroKind(fields.kind) ? 0 : basisPointsOf(fields.percent),
    ...(needsReason(fields.kind) ? { reason: fields.reason.trim() } : {}),
  };
}

/**
 * The update of taxSettings that saves a rate (under `id`). Until the shop has settings at all, it starts them
 * switched off, with prices that include tax: the rules want both beside any rate.
 */
export function taxRateWrites(id: string, fields: TaxRateFields, stored: boolean): Record<string, unknown> {
  return {
    [`rates/${id}`]: taxRateRecord(fields),
    ...(stored ? {} : { on: false, pricesIncludeTax: true }),
  };
}
