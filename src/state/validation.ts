/** Thrown by a state transition that refuses its input; the state it was given is left unchanged. */
export class TransitionError extends Error {
  override name = 'TransitionError';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  return Array.isArray(value) ? 'a list' : 'an object';
}
