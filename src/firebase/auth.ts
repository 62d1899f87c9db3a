import { connectFirebase } from './client';

export interface SessionUser {
  uid: string;
  isAnonymous: boolean;
}

const sessionUser = (user: { uid: string; isAnonymous: boolean }): SessionUser => ({
  uid: user.uid,
  isAnonymous: user.isAnonymous,
});

/** The signed-in Firebase user (a guest is anonymous), once the persisted session has been read; null for nobody. */
export async function currentUser(): Promise<SessionUser | null> {
  const { auth } = await connectFirebase();
  // Until the persisted session has been read, currentUser is null even for a signed-in user.
  await auth.authStateReady();
  return auth.currentUser ? sessionUser(auth.currentUser) : null;
}

/** Resolves to the current Firebase user, signing in anonymously first when nobody is signed in (guest checkout). */
export async function ensureUser(): Promise<SessionUser> {
  const { auth, authSdk } = await connectFirebase();
  await auth.authStateReady();
  return sessionUser(auth.currentUser ?? (await authSdk.signInAnonymously(auth)).user);
}

/**
 * Calls `onUser` with the signed-in user, now and whenever it changes, until the returned function is called;
 * rejects when the SDK cannot be loaded (offline on a first visit).
 */
export async function followUser(onUser: (user: SessionUser | null) => void): Promise<() => void> {
  const { auth, authSdk } = await connectFirebase();
  // onIdTokenChanged rather than onAuthStateChanged: a guest who creates an account keeps their uid (linking),
  // which only the token reports.
  return authSdk.onIdTokenChanged(auth, (user) => onUser(user ? sessionUser(user) : null));
}

export async function signIn(email: string, password: string): Promise<SessionUser> {
  const { auth, authSdk } = await connectFirebase();
  return sessionUser((await authSdk.signInWithEmailAndPassword(auth, email, password)).user);
}

/**
 * Creates an account with email and password. A guest who checked out anonymously keeps their uid, and with it
 * their orders: the new password is linked to that guest account.
 */
export async function createUser(email: string, password: string): Promise<SessionUser> {
  const { auth, authSdk } = await connectFirebase();
  await auth.authStateReady();
  const current = auth.currentUser;
  const { user } = current?.isAnonymous
    ? await authSdk.linkWithCredential(current, authSdk.EmailAuthProvider.credential(email, password))
    : await authSdk.createUserWithEmailAndPassword(auth, email, password);
  return sessionUser(user);
}

export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, authSdk } = await connectFirebase();
  await authSdk.sendPasswordResetEmail(auth, email);
}

export async function signOut(): Promise<void> {
  const { auth, authSdk } = await connectFirebase();
  await authSdk.signOut(auth);
}
