import { isRecord } from '../../state/validation';

export const ROLES = ['customer', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** A user's profile as stored at users/{uid} (docs/data-model.md#users). */
export interface Profile {
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  /** Epoch ms (ServerValue.TIMESTAMP) or an ISO date. */
  created: number | string;
}

function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/** Reads a stored profile; null when it is missing or unusable (then nobody counts as signed in with it). */
export function parseProfile(raw: unknown): Profile | null {
  if (!isRecord(raw)) return null;
  const { firstname, lastname, email, role, created } = raw;
  if (typeof email !== 'string' || email === '' || !isRole(role)) return null;
  if (!(typeof created === 'string' || (typeof created === 'number' && Number.isFinite(created)))) return null;
  return {
    firstname: typeof firstname === 'string' ? firstname : '',
    lastname: typeof lastname === 'string' ? lastname : '',
    email,
    role,
    created,
  };
}

/** The payload of the login transition (docs/behaviour.md#sign-in-and-sign-out): the uid as id plus the profile. */
export function loginPayload(uid: string, profile: Profile): Record<string, unknown> {
  return { id: uid, ...profile };
}

/** "Casey Customer", or the email address when no name is known. */
export function displayName(profile: Pick<Profile, 'firstname' | 'lastname' | 'email'>): string {
  return [profile.firstname, profile.lastname].filter(Boolean).join(' ') || profile.email;
}
