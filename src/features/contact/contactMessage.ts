import { t } from '@lingui/core/macro';
import { EMAIL_PATTERN } from '../../lib/forms';

export interface ContactFields {
  name: string;
  email: string;
  subject: string;
  body: string;
}

export type ContactErrors = Partial<Record<keyof ContactFields, string>>;

export const EMPTY_CONTACT: ContactFields = { name: '', email: '', subject: '', body: '' };

/** Whether nothing has been written in any field. */
export function isBlank(fields: ContactFields): boolean {
  return Object.values(fields).every((value) => value === '');
}

/** The same limits as database.rules.json, so a message the form accepts is one the database accepts. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, body: 5000 } as const;

/** One whole sentence per field, so that each language can say it its own way. */
const missing = (field: keyof ContactFields): string =>
  ({
    name: t`Please enter your name.`,
    email: t`Please enter your email address.`,
    subject: t`Please enter a subject.`,
    body: t`Please enter a message.`,
  })[field];

function validateContactField(field: keyof ContactFields, raw: string): string | undefined {
  const value = raw.trim();
  const limit = CONTACT_LIMITS[field];
  if (value === '') return missing(field);
  if (value.length > limit) return t`Please keep this under ${limit} characters.`;
  if (field === 'email' && !EMAIL_PATTERN.test(value)) return t`Please enter an email address like name@example.com.`;
  return undefined;
}

export function validateContact(fields: ContactFields): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of Object.keys(EMPTY_CONTACT) as (keyof ContactFields)[]) {
    const error = validateContactField(field, fields[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

export function trimContact(fields: ContactFields): ContactFields {
  return {
    name: fields.name.trim(),
    email: fields.email.trim(),
    subject: fields.subject.trim(),
    body: fields.body.trim(),
  };
}

/** Reads a stored value back into contact fields, or null if it is not one. */
export function parseContactFields(raw: unknown): ContactFields | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const fields = { name: record.name, email: record.email, subject: record.subject, body: record.body };
  return Object.values(fields).every((value) => typeof value === 'string') ? (fields as ContactFields) : null;
}
