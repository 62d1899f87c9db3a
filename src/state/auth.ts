import type { AuthState } from './types';
import { TransitionError, describe, isRecord } from './validation';

export const SIGNED_OUT: AuthState = {
  id: null,
  created: null,
  firstname: null,
  lastname: null,
  role: null,
  email: null,
  token: null,
  authenticated: false,
};

function text(payload: Record<string, unknown>, field: string, required: boolean): string {
  const value = payload[field];
  if (typeof value === 'string' && (!required || value.trim() !== '')) return value;
  if (value == null && !required) return '';
  throw new TransitionError(
    `The sign-in ${field} must be ${required ? 'non-empty ' : ''}text; got ${describe(value)}.`,
  );
}

/**
 * Takes id, created, firstname, lastname, role and email from the login payload and marks the user signed in
 * (docs/behaviour.md#sign-in-and-sign-out). A token in the payload is deliberately dropped: it must never reach
 * local storage.
 */
export function login(payload: unknown): AuthState {
  if (!isRecord(payload)) throw new TransitionError(`The sign-in payload must be an object, not ${describe(payload)}.`);
  const created = payload.created;
  if (!(typeof created === 'string' || (typeof created === 'number' && Number.isFinite(created)))) {
    throw new TransitionError(`The sign-in created value must be a date or a timestamp; got ${describe(created)}.`);
  }
  return {
    id: text(payload, 'id', true),
    created,
    firstname: text(payload, 'firstname', false),
    lastname: text(payload, 'lastname', false),
    role: text(payload, 'role', true),
    email: text(payload, 'email', true),
    token: null,
    authenticated: true,
  };
}

export function logout(): AuthState {
  return SIGNED_OUT;
}
