import { plural, select, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
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

/** The fields with their labels in the language spoken now. */
function contactFields(): TextFieldSpec<ContactFields>[] {
  return [
    { name: 'name', label: t`Name`, autoComplete: 'name', required: true, maxLength: CONTACT_LIMITS.name },
    {
      name: 'email',
      label: t`Email`,
      type: 'email',
      autoComplete: 'email',
      required: true,
      maxLength: CONTACT_LIMITS.email,
    },
    { name: 'subject', label: t`Subject`, required: true, maxLength: CONTACT_LIMITS.subject },
    {
      name: 'body',
      label: t`Message`,
      required: true,
      rows: 5,
      maxLength: CONTACT_LIMITS.body,
      hint: (fields) => `${fields.body.length} / ${CONTACT_LIMITS.body}`,
    },
  ];
}

/**
 * How many messages wait, and what happens next. After a failed attempt with the connection up, "sending now"
 * would be untrue: a retry is what comes next.
 */
function waitingNote(waiting: number, connected: boolean, retrying: boolean): string {
  const next = !connected ? 'offline' : retrying ? 'retrying' : 'sending';
  return plural(waiting, {
    one: select(next, {
      offline: 'One message is waiting to be sent; it will go out when the connection returns.',
      retrying: 'One message is waiting to be sent; the last attempt failed; it will be tried again shortly.',
      other: 'One message is waiting to be sent; sending now…',
    }),
    other: select(next, {
      offline: '# messages are waiting to be sent; they will go out when the connection returns.',
      retrying: '# messages are waiting to be sent; the last attempt failed; they will be tried again shortly.',
      other: '# messages are waiting to be sent; sending now…',
    }),
  });
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
  // Renders again when the language changes; the helpers above speak through the same instance.
  useLingui();
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
      className="stack"
      onSubmit={(event) => void form.onSubmit(event)}
      aria-labelledby="contact-form-heading"
    >
      {waiting > 0 && (
        <p className="notice notice--info" role="status">
          {waitingNote(waiting, connected, retrying)}
        </p>
      )}
      <FormTextFields form={form} idPrefix="contact" fields={contactFields()} />
      <div>
        <button type="submit" className="button button--contained" disabled={form.busy}>
          {form.busy ? t`Sending…` : connected ? t`Send message` : t`Send when online`}
        </button>
      </div>
    </form>
  );
}
