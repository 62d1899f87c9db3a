import type { ContactFields } from './contactMessage';
import { database } from '../../firebase/database';
import { paths } from '../../firebase/paths';

/** Writes one contact message under messages/{id}; the id is chosen by the caller so a resend is the same message. */
export async function writeContactMessage(id: string, message: ContactFields): Promise<void> {
  const db = await database();
  await db.set(paths.message(id), { ...message, created: db.serverTime });
}
