import { login, logout } from '../../state/auth';
import { authAtom } from '../../state/atoms';
import type { AppStore } from '../../state/store';
import { sessionAtom } from './session';
import { loginPayload, parseProfile, type Profile } from './profile';
import type { SignUpFields } from './accountFields';
import { retryWhenOnline } from '../../lib/retryWhenOnline';
import { connectFirebase, type FirebaseClient } from '../../firebase/client';

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

  const follow = ({ auth, authSdk, sdk, db }: FirebaseClient) => {
    // onIdTokenChanged rather than onAuthStateChanged: a guest who creates an account keeps their uid (linking),
    // which only the token reports. Hourly token refreshes change nothing here.
    stopAuth = authSdk.onIdTokenChanged(auth, (user) => {
      const identity = user ? `${user.uid}:${user.isAnonymous}` : 'none';
      if (identity === following) return;
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
      stopProfile = sdk.onValue(
        sdk.ref(db, `users/${user.uid}`),
        (snapshot) => applyProfile(store, user.uid, snapshot.val()),
        (error) => console.error('Could not read your profile:', error),
      );
    });
  };

  // Offline on a first visit the SDK cannot be fetched: the session stays "checking" until it can.
  const stopRetrying = retryWhenOnline(
    () =>
      connectFirebase().then((client) => {
        if (!stopped) follow(client);
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
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * While a guest who has placed orders is still signed in anonymously, writes a claim secret that only this browser
 * knows (guestClaims in database.rules.json); null when there is nothing to claim. Failing to claim never stops
 * the sign-in: the orders then stay with the guest session only, as before.
 */
async function claimGuestOrders(client: FirebaseClient): Promise<{ guestUid: string; secret: string } | null> {
  const { auth, sdk, db } = client;
  await auth.authStateReady();
  const guest = auth.currentUser;
  if (!guest?.isAnonymous) return null;
  try {
    if (!(await sdk.get(sdk.ref(db, `orders/${guest.uid}`))).exists()) return null;
    const secret = claimSecret();
    await sdk.set(sdk.ref(db, `guestClaims/${guest.uid}`), secret);
    return { guestUid: guest.uid, secret };
  } catch (error) {
    console.error('Guest orders could not be claimed before signing in:', error);
    return null;
  }
}

/** Signs in with email and password and returns the user's profile, creating a plain one if it is missing. */
export async function signInWithPassword(email: string, password: string): Promise<{ uid: string; profile: Profile }> {
  const client = await connectFirebase();
  const { auth, authSdk, sdk, db } = client;
  const claim = await claimGuestOrders(client);
  const { user } = await authSdk.signInWithEmailAndPassword(auth, email, password);
  if (claim && claim.guestUid !== user.uid) {
    // The account now sees the orders placed as a guest (their `.read` rule follows this link).
    await sdk.set(sdk.ref(db, `guestOrders/${user.uid}/${claim.guestUid}`), claim.secret).catch((error: unknown) => {
      console.error('Orders placed as a guest could not be linked to the account:', error);
    });
  }
  const profileRef = sdk.ref(db, `users/${user.uid}`);
  const stored = parseProfile((await sdk.get(profileRef)).val());
  if (stored) return { uid: user.uid, profile: stored };
  await sdk.set(profileRef, { firstname: '', lastname: '', email, role: 'customer', created: sdk.serverTimestamp() });
  return { uid: user.uid, profile: parseProfile((await sdk.get(profileRef)).val()) as Profile };
}

/**
 * Creates an account and its profile (role customer; the rules refuse anything else). A guest who checked out
 * anonymously keeps their uid, and with it their orders, by linking the new password to that guest account.
 */
export async function createAccount(fields: SignUpFields): Promise<{ uid: string; profile: Profile }> {
  const { auth, authSdk, sdk, db } = await connectFirebase();
  await auth.authStateReady();
  const current = auth.currentUser;
  const { user } = current?.isAnonymous
    ? await authSdk.linkWithCredential(current, authSdk.EmailAuthProvider.credential(fields.email, fields.password))
    : await authSdk.createUserWithEmailAndPassword(auth, fields.email, fields.password);
  const profileRef = sdk.ref(db, `users/${user.uid}`);
  await sdk.set(profileRef, {
    firstname: fields.firstname,
    lastname: fields.lastname,
    email: fields.email,
    role: 'customer',
    created: sdk.serverTimestamp(),
  });
  return { uid: user.uid, profile: parseProfile((await sdk.get(profileRef)).val()) as Profile };
}

export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, authSdk } = await connectFirebase();
  await authSdk.sendPasswordResetEmail(auth, email);
}

export async function signOutUser(): Promise<void> {
  const { auth, authSdk } = await connectFirebase();
  await authSdk.signOut(auth);
}
