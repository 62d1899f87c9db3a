import { atom } from 'jotai';

/**
 * What Firebase itself says about this browser's session, as opposed to the persisted auth slice, which may be
 * stale: 'checking' until Firebase has reported, 'guest' for an anonymous (checkout) user, 'signed-in' once the
 * user's profile has been read. Not persisted: a stored "authenticated" grants nothing until this confirms it.
 */
export type SessionStatus = 'checking' | 'signed-out' | 'guest' | 'signed-in' | 'no-profile';

export const sessionAtom = atom<SessionStatus>('checking');
