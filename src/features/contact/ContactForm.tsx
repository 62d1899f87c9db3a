import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { FormTextFields, type TextFieldSpec } from '../../lib/FormTextField';
import { useForm } from '../../lib/useForm';
import { hydratingAtom } from '../../state/atoms';
import { connectedAtom } from '../../state/liveAtoms';
import { contactOutbox } from './appOutbox';
import { loadDraft, saveDraft } from './contactDraft';
import {
  CONTACT_LIMITS,
  EMPTY_CONTACT,
  isBlank,
  trimContact,
  validateContact,
  type ContactFields,
} from './contactMessage';
import { outboxRetryingAtom, shownOutboxAtom } from './outbox';

const FIELDS: TextFieldSpec<ContactFields>[] = [
  { name: 'name', label: 'Name', autoComplete: 'name', required: true, maxLength: CONTACT_LIMITS.name },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    required: true,
    maxLength: CONTACT_LIMITS.email,
  },
  { name: 'subject', label: 'Subject', required: true, maxLength: CONTACT_LIMITS.subject },
  {
    name: 'body',
    label: 'Message',
    required: true,
    rows: 5,
    maxLength: CONTACT_LIMITS.body,
    hint: (fields) => `${fields.body.length} / ${CONTACT_LIMITS.body}`,
  },
];

/** After a failed attempt with the connection up, "sending now" would be untrue: a retry is what comes next. */
function waitingNote(connected: boolean, retrying: boolean): string {
  if (!connected) return 'it will go out when the connection returns.';
  return retrying ? 'the last attempt failed; it will be tried again shortly.' : 'sending now…';
}

/** The contact form: inline validation, a draft kept on this device, and sending that survives being offline. */
export function ContactForm() {
  // A page from the server has the form empty, as the server cannot know this device's draft: the draft comes
  // in (a fresh form) once the page is live here, and only then is anything saved over it.
  const hydrating = useAtomValue(hydratingAtom);
  const draft = useMemo(() => (hydrating ? EMPTY_CONTACT : loadDraft()), [hydrating]);
  return <ContactFormFields key={isBlank(draft) ? 'empty' : 'draft'} initial={draft} keepDraft={!hydrating} />;
}

function ContactFormFields({ initial, keepDraft }: { initial: ContactFields; keepDraft: boolean }) {
  const connected = useAtomValue(connectedAtom);
  const waiting = useAtomValue(shownOutboxAtom).length;
  const retrying = useAtomValue(outboxRetryingAtom);
  const form = useForm<ContactFields>({
    initial,
    validate: validateContact,
    idPrefix: 'contact',
    async submit(fields) {
      const outcome = await contactOutbox.send(trimContact(fields));
      // Sent or queued, the outbox has it now; refused (it says why), the visitor keeps what they wrote.
      if (outcome !== 'refused') form.setFields(EMPTY_CONTACT);
      return null;
    },
  });
  // Every change is kept on the device, so a reload or a lost connection never costs the visitor the message.
  useEffect(() => {
    if (keepDraft) saveDraft(form.fields);
  }, [form.fields, keepDraft]);

  return (
    <form
      noValidate
      className="contact-form"
      onSubmit={(event) => void form.onSubmit(event)}
      aria-labelledby="contact-form-heading"
    >
      {waiting > 0 && (
        <p className="notice notice--info" role="status">
          {waiting === 1 ? 'One message is' : `${waiting} messages are`} waiting to be sent;{' '}
          {waitingNote(connected, retrying)}
        </p>
      )}
      <FormTextFields form={form} idPrefix="contact" fields={FIELDS} />
      <div>
        <button type="submit" className="button button--contained" disabled={form.busy}>
          {form.busy ? 'Sending…' : connected ? 'Send message' : 'Send when online'}
        </button>
      </div>
    </form>
  );
}
