import type { RulesAuth } from '../rules/types';

/** Who is asking: the admin (bypasses rules) or a user as rules see it (`auth`, null when signed out). */
export type Identity = { admin: true } | { admin: false; auth: RulesAuth | null };

export const ADMIN: Identity = { admin: true };
export const ANONYMOUS: Identity = { admin: false, auth: null };

/** The official emulator's admin credential. */
export const OWNER_TOKEN = 'owner';

function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** `auth` for rules from a token's claims: uid from `sub`/`user_id`, provider from `firebase.sign_in_provider`. */
function authFromClaims(claims: Record<string, unknown>): RulesAuth | null {
  const uid = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : claims.user_id;
  if (typeof uid !== 'string' || uid === '') return null;
  const firebase = claims.firebase;
  const provider =
    typeof firebase === 'object' && firebase !== null && 'sign_in_provider' in firebase
      ? String((firebase as { sign_in_provider: unknown }).sign_in_provider)
      : 'custom';
  return { uid, provider, token: claims };
}

/**
 * Resolves a credential: "owner" is admin; an Auth-emulator ID token (an unsigned JWT, whose signature the
 * emulator never checks, like the official one) is that user. Null when the credential is not usable.
 */
export function identityFromToken(token: string): Identity | null {
  if (token === OWNER_TOKEN) return ADMIN;
  const claims = decodeJwtPayload(token);
  const auth = claims ? authFromClaims(claims) : null;
  return auth ? { admin: false, auth } : null;
}

/**
 * The identity an admin acts as with databaseAuthVariableOverride (`authvar` on the wire, REST
 * `auth_variable_override`): null is signed out; an object is `auth` itself, as rules then see it.
 */
export function identityFromOverride(authvar: unknown): Identity {
  if (typeof authvar !== 'object' || authvar === null || Array.isArray(authvar)) return ANONYMOUS;
  const claims = authvar as Record<string, unknown>;
  const uid = typeof claims.uid === 'string' ? claims.uid : (authFromClaims(claims)?.uid ?? null);
  if (uid === null || uid === '') return ANONYMOUS;
  const token =
    typeof claims.token === 'object' && claims.token !== null ? (claims.token as Record<string, unknown>) : claims;
  const provider = typeof claims.provider === 'string' ? claims.provider : 'custom';
  return { admin: false, auth: { ...claims, uid, provider, token } };
}
