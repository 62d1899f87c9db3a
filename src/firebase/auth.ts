import { connectFirebase } from './client';

export interface SessionUser {
  uid: string;
  isAnonymous: boolean;
}

/** Resolves to the current Firebase user, signing in anonymously first when nobody is signed in (guest checkout). */
export async function ensureUser(): Promise<SessionUser> {
  const { auth, authSdk } = await connectFirebase();
  // Until the persisted session has been read, currentUser is null even for a signed-in user.
  await auth.authStateReady();
  const user = auth.currentUser ?? (await authSdk.signInAnonymously(auth)).user;
  return { uid: user.uid, isAnonymous: user.isAnonymous };
}
