import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { OutlinedField } from '../../lib/FormTextField';
import { plausibleTime } from '../../state/dates';
import { useServerNow } from '../../state/serverNow';
import type { HeldTicket } from './heldTickets';
import { changeHolder } from './holderChange';
import { HOLDER_NAME_LIMIT, holderChange, holderNameError } from './ticket';

/** What the order page lends a ticket to correct its name: the link's secret, and a fetch of the order again. */
export interface HolderCorrection {
  secret: string;
  onChanged: () => void;
}

/**
 * "Change name" on a ticket of the order page (docs/behaviour.md#attendee-names): offered while trusted code would
 * take it (holderChange: before the event starts, neither void nor checked in), and gone the moment the event
 * starts. A small form in place of the button; closing it gives the focus back to the button.
 */
export function ChangeHolder({
  held,
  label,
  correction,
}: {
  held: HeldTicket;
  /** Which ticket, in the button's accessible name: "ticket 2 of 3, Harbour Jazz Night". */
  label: string;
  correction: HolderCorrection;
}) {
  const { ticket, event } = held;
  const now = useServerNow((at) => {
    const start = plausibleTime(event.date);
    return start !== null && start > at ? start : null;
  });
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const open = typed !== null;
  // The form takes the focus when it opens, the button when it closes (not on the first render).
  const opened = useRef(false);
  useEffect(() => {
    if (open) input.current?.focus();
    else if (opened.current) button.current?.focus();
    opened.current ||= open;
  }, [open]);

  if (holderChange(ticket, event.date, now) !== 'open') return null;
  const id = `holder-${ticket.eventId}-${ticket.id}`;
  const close = () => {
    setTyped(null);
    setError(undefined);
    setRefusal(null);
  };
  const save = (submitted: FormEvent) => {
    submitted.preventDefault();
    const wrong = holderNameError(typed ?? '');
    const problem = wrong && i18n._(wrong);
    setError(problem);
    setRefusal(null);
    if (problem) return input.current?.focus();
    setBusy(true);
    void changeHolder(correction.secret, ticket, typed ?? '').then((result) => {
      setBusy(false);
      if (result.kind === 'refused') return setRefusal(result.message);
      close();
      setDone(true);
      correction.onChanged();
    });
  };

  return (
    <Stack spacing={1} className="ticket-print-hide" sx={{ alignItems: 'flex-start' }}>
      {open ? (
        <Stack
          component="form"
          noValidate
          spacing={1}
          onSubmit={save}
          onKeyDown={(key) => {
            if (key.key === 'Escape' && !busy) close();
          }}
          aria-label={t`Name on ${label}`}
          sx={{ width: '100%', maxWidth: 420 }}
        >
          <OutlinedField
            id={id}
            label={t`Name on the ticket`}
            required
            error={Boolean(error)}
            helper={{ id: `${id}-helper-text`, text: error ?? t`Printed on the ticket and checked at the door.` }}
          >
            <input
              ref={input}
              id={id}
              className="field__input"
              placeholder=" "
              required
              autoComplete="off"
              maxLength={HOLDER_NAME_LIMIT}
              value={typed}
              onChange={(change) => setTyped(change.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={`${id}-helper-text`}
            />
          </OutlinedField>
          {refusal && <Alert severity="warning">{refusal}</Alert>}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" size="small" disabled={busy}>
              {busy ? t`Saving…` : t`Save`}
            </Button>
            <Button size="small" disabled={busy} onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Button
          ref={button}
          variant="outlined"
          size="small"
          aria-label={t`Change name on ${label}`}
          onClick={() => {
            setDone(false);
            setTyped(ticket.holder);
          }}
        >
          <Trans>Change name</Trans>
        </Button>
      )}
      <span role="status">{done ? t`Name changed.` : ''}</span>
    </Stack>
  );
}
