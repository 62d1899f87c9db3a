import { login, logout } from '../../state/auth';
import { authAtom } from '../../state/atoms';
import type { AppStore } from '../../state/store';
import { sessionAtom } from '../../state/session';
import { loginPayload, parseProfile, type Profile } from './profile';
import type { SignUpFields } from './accountFields';
import { retryWhenOnline } from '../../lib/retryWhenOnline';
import { createUser, currentUser, followUser, signIn, type SessionUser } from '../../firebase/auth';
import { database, subscribeValue, type Database } from '../../firebase/database';
import { paths } from '../../firebase/paths';

function applyProfile(store: AppStore, uid: string, raw: unknown): void {
  const profile = parseProfile(raw);
  if (!profile) {
    // Signed in to Firebase but without a usable profile (a sign-up still writing it): not authenticated yet.
    if (store.get(authAtom).authenticated) store.set(authAtom, logout());
    store.set(sessionAtom, 'no-profile');
    return;
  }
  store.set(authAtom, login(loginPayload(uid, profile)));
  store.set(sessionAtom, 'signed-in');
}

/**
 * Owns the reconciliation of the persisted auth slice with Firebase's own session: whatever the slice says at
 * start-up, it ends up matching the signed-in user's live profile at users/{uid} (names and role changes arrive
 * as they happen), or signed out when Firebase has nobody or only an anonymous guest.
 */
export function startAuthSession(store: AppStore): () => void {
  let stopProfile: (() => void) | undefined;
  let stopAuth: (() => void) | undefined;
  let stopped = false;
  let following: string | undefined;

  // Hourly token refreshes change nothing here.
  const onUser = (user: SessionUser | null) => {
    const identity = user ? `${user.uid}:${user.isAnonymous}` : 'none';
    if (stopped || identity === following) return;
    following = identity;
    stopProfile?.();
    stopProfile = undefined;
    if (!user || user.isAnonymous) {
      if (store.get(authAtom).authenticated) store.set(authAtom, logout());
      store.set(sessionAtom, user ? 'guest' : 'signed-out');
      return;
    }
    // A different user than the stored one: forget the stored profile until the real one has been read.
    if (store.get(authAtom).id !== user.uid && store.get(authAtom).authenticated) store.set(authAtom, logout());
    stopProfile = subscribeValue(
      paths.user(user.uid),
      (profile) => applyProfile(store, user.uid, profile),
      (error) => console.error('Could not read your profile:', error),
    );
  };

  // Offline on a first visit the SDK cannot be fetched: the session stays "checking" until it can.
  const stopRetrying = retryWhenOnline(
    () =>
      followUser(onUser).then((stop) => {
        if (stopped) stop();
        else stopAuth = stop;
      }),
    'Sign-in state could not be checked',
  );
  return () => {
    stopped = true;
    stopRetrying();
    stopProfile?.();
    stopAuth?.();
  };
}

/** A random secret for a guest's claim (the rules want 32 to 64 of A-Z a-z 0-9 _ -). */
function claimSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * While a guest who has placed orders is still signed in anonymously, writes a claim secret that only this browser
 * knows (guestClaims in database.rules.json); null when there is nothing to claim. Failing to claim never stops
 * the sign-in: the orders then stay with the guest session only, as before.
 */
async function claimGuestOrders(db: Database): Promise<{ guestUid: string; secret: string } | null> {
  const guest = await currentUser();
  if (!guest?.isAnonymous) return null;
  try {
    if ((await db.read(paths.ordersOf(guest.uid))) === null) return null;
    const secret = claimSecret();
    await db.set(paths.guestClaim(guest.uid), secret);
    return { guestUid: guest.uid, secret };
  } catch (error) {
    console.error('Guest orders could not be claimed before signing in:', error);
    return null;
  }
}

/** Writes a plain profile for an account that has none, and returns what the database holds then. */
async function writeProfile(
  db: Database,
  uid: string,
  fields: Pick<Profile, 'firstname' | 'lastname' | 'email'>,
): Promise<Profile> {
  await db.set(paths.user(uid), { ...fields, role: 'customer', created: db.serverTime });
  return parseProfile(await db.read(paths.user(uid))) as Profile;
}

/** Signs in with email and password and returns the user's profile, creating a plain one if it is missing. */
export async function signInWithPassword(email: string, password: string): Promise<{ uid: string; profile: Profile }> {
  const db = await database();
  const claim = await claimGuestOrders(db);
  const user = await signIn(email, password);
  if (claim && claim.guestUid !== user.uid) {
    // The account now sees the orders placed as a guest (their `.read` rule follows this link); the claim is used
    // up in the same update, so its secret links no other account.
    const link = {
      [paths.guestOrderLink(user.uid, claim.guestUid)]: claim.secret,
      [paths.guestClaim(claim.guestUid)]: null,
    };
    await db.updateRoot(link).catch((error: unknown) => {
      console.error('Orders placed as a guest could not be linked to the account:', error);
    });
  }
  const stored = parseProfile(await db.read(paths.user(user.uid)));
  if (stored) return { uid: user.uid, profile: stored };
  return { uid: user.uid, profile: await writeProfile(db, user.uid, { firstname: '', lastname: '', email }) };
}

/**
 * Creates an account and its profile (role customer; the rules refuse anything else). A guest who checked out
 * anonymously keeps their uid, and with it their orders (createUser links the new password to that guest).
 */
export async function createAccount(fields: SignUpFields): Promise<{ uid: string; profile: Profile }> {
  const db = await database();
  const user = await createUser(fields.email, fields.password);
  const profile = { firstname: fields.firstname, lastname: fields.lastname, email: fields.email };
  return { uid: user.uid, profile: await writeProfile(db, user.uid, profile) };
}
