import { isPermissionDenied, writeContactMessage } from '../../firebase/messages';
import { notify } from '../../lib/toast/notifier';
import { appStore } from '../../state/appStore';
import { StorageSlot } from '../../state/storage';
import { createOutbox } from './outbox';

/** The contact outbox of this browser; it starts sending as soon as the database connection is up. */
export const contactOutbox = createOutbox({
  store: appStore,
  // The persisted root state already tells the user once when this browser's storage fails.
  slot: new StorageSlot(() => window.localStorage, 'contact-outbox', () => undefined),
  write: writeContactMessage,
  isPermissionDenied,
  notify,
  newId: () => crypto.randomUUID(),
});
