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

const LABELS: Record<keyof ContactFields, string> = {
  name: 'your name',
  email: 'your email address',
  subject: 'a subject',
  body: 'a message',
};

function validateContactField(field: keyof ContactFields, raw: string): string | undefined {
  const value = raw.trim();
  if (value === '') return `Please enter ${LABELS[field]}.`;
  if (value.length > CONTACT_LIMITS[field]) return `Please keep this under ${CONTACT_LIMITS[field]} characters.`;
  if (field === 'email' && !EMAIL_PATTERN.test(value)) return 'Please enter an email address like name@example.com.';
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
