import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useLingui } from '@lingui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { formatMoment } from '../../../lib/format';
import { siteAtom } from '../../../state/atoms';
import { liveValueAtom } from '../../../firebase/liveValue';
import {
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  bookedMessageText,
  deskPaths,
  displayReference,
  messageProblem,
  type BookedMessage,
  type BookedOrder,
} from '../../orders';
import { saveOnline } from '../saving';
import { sendBookedMessage, useBookedMessages } from './bookedMessages';
import type { Live } from './deskData';

const people = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'person' : 'people'}`;

/** What became of a message's emails, in words. */
function deliveryLine(message: BookedMessage): string {
  if (message.recipients === null)
    return 'Waiting for the shop’s mail sender to work out who is booked (within a minute)…';
  const waiting = Math.max(0, message.recipients - message.sent - message.failed);
  return [
    message.sent === message.recipients
      ? `Sent to ${message.recipients === 1 ? 'the one person' : `all ${people(message.recipients)}`}`
      : `Sent to ${message.sent.toLocaleString('en')} of ${people(message.recipients)}`,
    ...(waiting > 0 ? [`${waiting.toLocaleString('en')} waiting`] : []),
    ...(message.failed > 0 ? [`${message.failed.toLocaleString('en')} not delivered`] : []),
  ].join(' · ');
}

/** One message's live counts, a bar while it is sending, and the addresses it could not reach. */
function Delivery({ message }: { message: BookedMessage }) {
  const done = message.recipients !== null && message.sent + message.failed >= message.recipients;
  const progress =
    message.recipients && message.recipients > 0 ? ((message.sent + message.failed) / message.recipients) * 100 : 0;
  return (
    <Stack spacing={0.5}>
      <Typography role="status" data-testid="message-delivery">
        {deliveryLine(message)}
      </Typography>
      {!done && (
        <LinearProgress
          variant={message.recipients === null ? 'indeterminate' : 'determinate'}
          value={progress}
          aria-label={`Sending ${message.subject}`}
        />
      )}
      {message.failures.length > 0 && (
        <Box component="details">
          <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
            Not delivered to {people(message.failures.length)}
          </Typography>
          <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
            {message.failures.slice(0, 200).map((failure) => (
              <Typography component="li" variant="body2" key={`${failure.to}-${failure.error}`}>
                {failure.to}: {failure.error}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}

/** The email as the first person booked will read it; everyone else's names their own order. */
function Preview({
  subject,
  body,
  eventTitle,
  first,
}: {
  subject: string;
  body: string;
  eventTitle: string;
  first: BookedOrder;
}) {
  const { name: shopName } = useAtomValue(siteAtom);
  const { i18n } = useLingui();
  // The preview names a person: it shows their own order's reference too (one read of their index entry).
  const ref = useAtomValue(liveValueAtom(`${deskPaths.order(first.key)}/ref`));
  const words = bookedMessageText(i18n, {
    body,
    name: first.name || 'there',
    eventTitle,
    reference:
      ref.status === 'ready' && typeof ref.value === 'string'
        ? displayReference(ref.value)
        : first.key.slice(first.key.indexOf('~') + 1),
    orderUrl: '[the link to their order]',
  });
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="textSecondary">
        As {first.name || first.email} will read it; each person’s email names their own order.
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Preview of the email" component="section">
        <Typography variant="body2">
          <strong>From:</strong> {shopName}
        </Typography>
        <Typography variant="body2">
          <strong>To:</strong> {first.name} &lt;{first.email}&gt;
        </Typography>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          <strong>Subject:</strong> {subject.trim()} · {shopName}
        </Typography>
        <Typography sx={{ mb: 1.5 }}>{words.greeting}</Typography>
        {words.paragraphs.map((paragraph, n) => (
          <Typography key={n} sx={{ mb: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {paragraph}
          </Typography>
        ))}
        <Typography variant="body2" color="textSecondary">
          {words.why}
          <br />
          {words.link ?? ''}
        </Typography>
      </Paper>
    </Stack>
  );
}

type Step = { name: 'write' } | { name: 'preview' } | { name: 'sent'; id: string };

/** Write, preview, send, then watch it go: one dialog, full screen on a phone. */
function MessageDialog({
  eventId,
  eventTitle,
  uid,
  recipients,
  messages,
  onClose,
}: {
  eventId: string;
  eventTitle: string;
  uid: string;
  recipients: readonly BookedOrder[];
  messages: Live<BookedMessage[]>;
  onClose: () => void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [step, setStep] = useState<Step>({ name: 'write' });
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const invalid = messageProblem(subject, body);
  const count = recipients.length;

  async function send() {
    setSending(true);
    let id = '';
    const failed = await saveOnline(
      async () => {
        id = await sendBookedMessage(eventId, uid, { subject, body });
      },
      `Your message is on its way to ${people(count)}.`,
      'Message on its way',
    );
    setSending(false);
    setProblem(failed);
    if (!failed) setStep({ name: 'sent', id });
  }

  const sent =
    step.name === 'sent' && messages.status === 'ready' ? messages.value.find((m) => m.id === step.id) : null;
  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="sm"
      aria-labelledby="message-booked-title"
    >
      <DialogTitle id="message-booked-title">Message everyone booked on {eventTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {step.name === 'write' && (
            <>
              <Typography>
                To {people(count)}: one email each, however many tickets or orders they hold. Cancelled orders are left
                out.
              </Typography>
              <TextField
                label="Subject"
                autoFocus
                value={subject}
                onChange={(change) => setSubject(change.target.value)}
                slotProps={{ htmlInput: { maxLength: MESSAGE_SUBJECT_MAX } }}
                helperText={`${subject.length}/${MESSAGE_SUBJECT_MAX}`}
                error={checked && invalid !== null && /subject/i.test(invalid)}
                required
              />
              <TextField
                label="Message"
                value={body}
                onChange={(change) => setBody(change.target.value)}
                multiline
                minRows={5}
                slotProps={{ htmlInput: { maxLength: MESSAGE_BODY_MAX } }}
                helperText={`${body.length}/${MESSAGE_BODY_MAX} · A blank line starts a new paragraph.`}
                error={checked && invalid !== null && !/subject/i.test(invalid)}
                required
              />
              {checked && invalid && <Alert severity="error">{invalid}</Alert>}
            </>
          )}
          {step.name === 'preview' && recipients[0] && (
            <Preview subject={subject} body={body} eventTitle={eventTitle} first={recipients[0]} />
          )}
          {step.name === 'sent' && (
            <>
              <Typography>Sent to the shop’s mail sender. The count below follows the deliveries live.</Typography>
              {sent ? <Delivery message={sent} /> : <LinearProgress aria-label="Starting to send" />}
            </>
          )}
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        {step.name === 'write' && (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              variant="contained"
              onClick={() => {
                setChecked(true);
                if (!invalid) setStep({ name: 'preview' });
              }}
            >
              Preview
            </Button>
          </>
        )}
        {step.name === 'preview' && (
          <>
            <Button onClick={() => setStep({ name: 'write' })} disabled={sending}>
              Edit
            </Button>
            <Button variant="contained" onClick={() => void send()} disabled={sending}>
              Send to {people(count)}
            </Button>
          </>
        )}
        {step.name === 'sent' && <Button onClick={onClose}>Close</Button>}
      </DialogActions>
    </Dialog>
  );
}

/**
 * "Message everyone booked" on an event's desk: who would receive it, a button to write one, and each message sent
 * with what became of it, live (docs/email.md#a-message-to-everyone-booked).
 */
export function MessageBooked({
  eventId,
  eventTitle,
  uid,
  recipients,
}: {
  eventId: string;
  eventTitle: string;
  uid: string;
  recipients: readonly BookedOrder[];
}) {
  const { locale, timezone } = useAtomValue(siteAtom);
  const [open, setOpen] = useState(false);
  const messages = useBookedMessages(eventId);
  return (
    <Box component="section" aria-labelledby="message-booked-heading">
      <Typography variant="h3" id="message-booked-heading" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Message everyone booked
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography sx={{ flex: 1 }}>
          {recipients.length === 0
            ? 'Nobody is booked on this event yet.'
            : `${people(recipients.length)} booked: each gets one email.`}
        </Typography>
        <Button variant="outlined" onClick={() => setOpen(true)} disabled={recipients.length === 0}>
          Write a message
        </Button>
      </Stack>
      {messages.status === 'error' && <Alert severity="error">{messages.message}</Alert>}
      {messages.status === 'ready' && messages.value.length > 0 && (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Messages sent">
          {messages.value.map((message) => (
            <Paper component="li" variant="outlined" key={message.id} sx={{ p: 1.5 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{message.subject}</Typography>
              <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
                {formatMoment(message.created, locale, timezone, 'date-time')}
              </Typography>
              <Delivery message={message} />
            </Paper>
          ))}
        </Stack>
      )}
      {open && (
        <MessageDialog
          eventId={eventId}
          eventTitle={eventTitle}
          uid={uid}
          recipients={recipients}
          messages={messages}
          onClose={() => setOpen(false)}
        />
      )}
    </Box>
  );
}
