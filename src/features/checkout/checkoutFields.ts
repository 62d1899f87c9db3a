import { t } from '@lingui/core/macro';
import { EMAIL_PATTERN } from '../../lib/forms';

export interface CheckoutFields {
  name: string;
  email: string;
  telephone: string;
  notes: string;
}

export type CheckoutErrors = Partial<Record<keyof CheckoutFields, string>>;

/** The same limits as the order rules in database.rules.json. */
export const CHECKOUT_LIMITS = { name: 200, email: 254, telephone: 40, notes: 2000 } as const;

const TELEPHONE = /^\+?[\d\s().-]{6,}$/;

/** What is wrong with one field, in the language spoken now; undefined when nothing is. */
function validateCheckoutField(field: keyof CheckoutFields, raw: string): string | undefined {
  const value = raw.trim();
  const limit = CHECKOUT_LIMITS[field];
  if (value.length > limit) return t`Please keep this under ${limit} characters.`;
  switch (field) {
    case 'name':
      return value ? undefined : t`Please enter the name for the order.`;
    case 'email':
      if (!value) return t`Please enter an email address for the confirmation.`;
      return EMAIL_PATTERN.test(value) ? undefined : t`Please enter an email address like name@example.com.`;
    case 'telephone':
      return !value || TELEPHONE.test(value)
        ? undefined
        : t`Please enter a phone number of digits, spaces and + ( ) - only.`;
    case 'notes':
      return undefined;
  }
}

export function validateCheckout(fields: CheckoutFields): CheckoutErrors {
  const errors: CheckoutErrors = {};
  for (const field of ['name', 'email', 'telephone', 'notes'] as const) {
    const error = validateCheckoutField(field, fields[field]);
    if (error) errors[field] = error;
  }
  return errors;
}
