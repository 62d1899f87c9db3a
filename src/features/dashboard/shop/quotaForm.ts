import { t } from '@lingui/core/macro';
import type { Quota } from '../../catalogue';
import { requiredText, validateFields, type FieldErrors } from '../../../lib/forms';
import { slugify } from '../../../lib/slug';

/** The quota editor's fields, as typed. */
export interface QuotaFields {
  name: string;
  left: string;
}

export const EMPTY_QUOTA: QuotaFields = { name: '', left: '' };

export const quotaFields = (quota: Quota): QuotaFields => ({ name: quota.name, left: String(quota.left) });

/** The most places a quota holds: the rules' bound (database.rules.json, quotas' left). */
const MOST_PLACES = 1_000_000;

/** A new quota's id, from its name ("Main hall" → "main-hall"), as a product's comes from its title. */
export const quotaId = (name: string): string => slugify(name);

/**
 * The same limits as the quotas rules in database.rules.json. `editing`: the quota's id, or null for a new one,
 * whose id (from its name) must be free in `takenIds`.
 */
export function validateQuota(
  fields: QuotaFields,
  editing: string | null,
  takenIds: ReadonlySet<string>,
): FieldErrors<QuotaFields> {
  return validateFields(fields, {
    name: (value) => {
      const problem = requiredText(() => t`Please enter a name.`, 100)(value);
      if (problem || editing !== null) return problem;
      const id = quotaId(value);
      if (id === '') return t`Please use some letters or digits: the quota’s id is made from them.`;
      return takenIds.has(id) ? t`Another quota already has the id “${id}”: please choose another name.` : undefined;
    },
    left: (value) => {
      const typed = value.trim();
      if (typed === '') return t`Please enter how many places are left.`;
      if (/^-\d/.test(typed)) return t`A quota cannot have fewer than 0 places left.`;
      return /^\d+$/.test(typed) && Number(typed) <= MOST_PLACES
        ? undefined
        : t`Please enter a whole number of places from 0 to 1,000,000.`;
    },
  });
}

/**
 * The update of quotas/ that saves the form. Places left are written only when staff changed them: the allocator
 * takes places as orders settle (docs/behaviour.md#editing-types-and-quotas), and a rename must not put back the
 * count the form was opened with.
 */
export function quotaWrites(fields: QuotaFields, editing: Quota | null): Record<string, unknown> {
  const name = fields.name.trim();
  const left = Number(fields.left.trim());
  if (!editing) return { [quotaId(name)]: { name, left } };
  return { [`${editing.id}/name`]: name, ...(left !== editing.left ? { [`${editing.id}/left`]: left } : {}) };
}
