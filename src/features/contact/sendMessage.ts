import type { ContactFields } from './contactMessage';
import { connectFirebase } from '../../firebase/client';

/** Writes one contact message under messages/{id}; the id is chosen by the caller so a resend is the same message. */
export async function writeContactMessage(id: string, message: ContactFields): Promise<void> {
  const { sdk, db } = await connectFirebase();
  await sdk.set(sdk.ref(db, `messages/${id}`), { ...message, created: sdk.serverTimestamp() });
}
