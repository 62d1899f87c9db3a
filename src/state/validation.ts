import type { MessageDescriptor } from '@lingui/core';
/**
 * Thrown by a state transition that refuses its input; the state it was given is left unchanged. `said` is what a
 * visitor can be told, in their language (`i18n._`), for a refusal a visitor can meet; without it the refusal is
 * a malformed input's, and its message is for the console (docs/languages.md).
 */
export class TransitionError extends Error {
  override name = 'TransitionError';
  constructor(
    message: string,
    readonly said?: MessageDescriptor,
  ) {
    super(message);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keys of a set stored as {key: true} (the database's way to keep a set); anything else is no key. */
export function trueKeys(value: unknown): string[] {
  return isRecord(value) ? Object.entries(value).flatMap(([key, on]) => (on === true ? [key] : [])) : [];
}

/** Longer texts are cut in messages: a value from storage or the database can be megabytes long. */
const DESCRIBED_TEXT = 60;

export function describe(value: unknown): string {
  if (typeof value === 'string') {
    const shown = JSON.stringify(value.slice(0, DESCRIBED_TEXT));
    return value.length > DESCRIBED_TEXT ? `${shown}…` : shown;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- what a value is, for the console's problems
  return Array.isArray(value) ? 'a list' : 'an object';
}

/** A list of problems for the console, cut after the first few: hostile data can hold a hundred thousand. */
export function summarise(problems: readonly string[], shown = 10): string {
  const rest = problems.length - shown;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- for the console
  return rest > 0 ? `${problems.slice(0, shown).join('; ')}; and ${rest} more` : problems.join('; ');
}
