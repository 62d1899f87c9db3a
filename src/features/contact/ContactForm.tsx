import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { FormTextField } from '../../lib/FormTextField';
import { useForm } from '../../lib/useForm';
import { connectedAtom } from '../../state/liveAtoms';
import { contactOutbox } from './appOutbox';
import { loadDraft, saveDraft } from './contactDraft';
import { CONTACT_LIMITS, EMPTY_CONTACT, trimContact, validateContact, type ContactFields } from './contactMessage';
import { outboxAtom } from './outbox';

const FIELDS: { name: keyof ContactFields; label: string; type?: string; autoComplete?: string; multiline?: boolean }[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject' },
  { name: 'body', label: 'Message', multiline: true },
];

/** The contact form: inline validation, a draft kept on this device, and sending that survives being offline. */
export function ContactForm() {
  const connected = useAtomValue(connectedAtom);
  const waiting = useAtomValue(outboxAtom).length;
  const form = useForm<ContactFields>({
    initial: loadDraft,
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
  useEffect(() => saveDraft(form.fields), [form.fields]);

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void form.onSubmit(event)} aria-labelledby="contact-form-heading">
      {waiting > 0 && (
        <Alert severity="info" role="status">
          {waiting === 1 ? 'One message is' : `${waiting} messages are`} waiting to be sent; {connected ? 'sending now…' : 'it will go out when the connection returns.'}
        </Alert>
      )}
      {FIELDS.map((field) => (
        <FormTextField
          key={field.name}
          form={form}
          name={field.name}
          idPrefix="contact"
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          required
          multiline={field.multiline}
          minRows={field.multiline ? 5 : undefined}
          hint={field.multiline ? `${form.fields.body.length} / ${CONTACT_LIMITS.body}` : undefined}
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS[field.name] } }}
        />
      ))}
      <div>
        <Button type="submit" variant="contained" disabled={form.busy}>
          {form.busy ? 'Sending…' : connected ? 'Send message' : 'Send when online'}
        </Button>
      </div>
    </Stack>
  );
}
