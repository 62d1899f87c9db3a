import { StorageSlot } from '../../state/storage';
import { EMPTY_CONTACT, isBlank, parseContactFields, type ContactFields } from './contactMessage';

// The persisted root state already tells the user once when this browser's storage fails.
const slot = new StorageSlot(
  () => window.localStorage,
  'contact-draft',
  () => undefined,
);

/** What the visitor had typed, so a reload or a lost connection never costs them their message. */
export function loadDraft(): ContactFields {
  try {
    return parseContactFields(JSON.parse(slot.read() ?? 'null')) ?? EMPTY_CONTACT;
  } catch {
    return EMPTY_CONTACT;
  }
}

export function saveDraft(fields: ContactFields): void {
  if (isBlank(fields)) slot.remove();
  else slot.write(JSON.stringify(fields));
}
