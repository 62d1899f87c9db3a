import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { connectedAtom } from '../../state/liveAtoms';
import { contactOutbox } from './appOutbox';
import { loadDraft, saveDraft } from './contactDraft';
import {
  CONTACT_LIMITS,
  EMPTY_CONTACT,
  trimContact,
  validateContact,
  validateContactField,
  type ContactErrors,
  type ContactFields,
} from './contactMessage';
import { outboxAtom } from './outbox';

const FIELDS: { name: keyof ContactFields; label: string; type?: string; autoComplete?: string; multiline?: boolean }[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject' },
  { name: 'body', label: 'Message', multiline: true },
];

/** The contact form: inline validation, a draft kept on this device, and sending that survives being offline. */
export function ContactForm() {
  const [fields, setFields] = useState<ContactFields>(loadDraft);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const connected = useAtomValue(connectedAtom);
  const waiting = useAtomValue(outboxAtom).length;

  const update = (name: keyof ContactFields, value: string) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    saveDraft(next);
    // Once a field has shown an error, re-check it as the visitor types so the message goes away when fixed.
    if (errors[name]) setErrors((current) => ({ ...current, [name]: validateContactField(name, value) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(fields);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field.name]);
    if (firstInvalid) {
      document.getElementById(`contact-${firstInvalid.name}`)?.focus();
      return;
    }
    setSending(true);
    const outcome = await contactOutbox.send(trimContact(fields));
    setSending(false);
    if (outcome !== 'refused') {
      setFields(EMPTY_CONTACT);
      saveDraft(EMPTY_CONTACT);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-labelledby="contact-form-heading">
      {waiting > 0 && (
        <Alert severity="info" role="status">
          {waiting === 1 ? 'One message is' : `${waiting} messages are`} waiting to be sent; {connected ? 'sending now…' : 'it will go out when the connection returns.'}
        </Alert>
      )}
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={`contact-${field.name}`}
          name={field.name}
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          required
          multiline={field.multiline}
          minRows={field.multiline ? 5 : undefined}
          value={fields[field.name]}
          onChange={(event) => update(field.name, event.target.value)}
          onBlur={() =>
            // An empty field is only flagged on submit, so tabbing through the form does not scold anyone.
            setErrors((current) =>
              fields[field.name] === '' && !current[field.name]
                ? current
                : { ...current, [field.name]: validateContactField(field.name, fields[field.name]) },
            )
          }
          error={Boolean(errors[field.name])}
          helperText={errors[field.name] ?? (field.multiline ? `${fields.body.length} / ${CONTACT_LIMITS.body}` : ' ')}
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS[field.name] } }}
        />
      ))}
      <div>
        <Button type="submit" variant="contained" disabled={sending}>
          {sending ? 'Sending…' : connected ? 'Send message' : 'Send when online'}
        </Button>
      </div>
    </Stack>
  );
}
