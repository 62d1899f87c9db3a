import { Plural, Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { languageName, type ShopLanguage } from '../../../i18n/languages';
import { formatMoment, formatList } from '../../../lib/format';
import { siteAtom } from '../../../state/atoms';
import { type BookedMessage, type BookedOrder } from '../../orders';
import { useBookedMessages } from './bookedMessages';
import { Delivery } from './MessageDelivery';
import { MessageDialog } from './MessageDialog';
/** The other languages a sent message was written in, as the reader names them. */
function AlsoIn({ message }: { message: BookedMessage }) {
  const { i18n } = useLingui();
  const languages = Object.keys(message.translations) as ShopLanguage[];
  if (languages.length === 0) return null;
  const names = formatList(
    languages.map((language) => languageName(language, i18n.locale)),
    i18n.locale,
  );
  return (
    <Typography variant="body2" color="textSecondary">
      <Trans>Also in {names}</Trans>
    </Typography>
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
  const { timezone } = useAtomValue(siteAtom);
  const { i18n, t } = useLingui();
  const [open, setOpen] = useState(false);
  const messages = useBookedMessages(eventId);
  const booked = recipients.length;
  return (
    <Box component="section" aria-labelledby="message-booked-heading">
      <Typography variant="h3" id="message-booked-heading" sx={{ fontSize: '1.1rem', mb: 1 }}>
        <Trans>Message everyone booked</Trans>
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography sx={{ flex: 1 }}>
          {recipients.length === 0 ? (
            <Trans>Nobody is booked on this event yet.</Trans>
          ) : (
            <Plural
              value={booked}
              one="# person booked: each gets one email."
              other="# people booked: each gets one email."
            />
          )}
        </Typography>
        <Button variant="outlined" onClick={() => setOpen(true)} disabled={recipients.length === 0}>
          <Trans>Write a message</Trans>
        </Button>
      </Stack>
      {messages.status === 'error' && <Alert severity="error">{i18n._(messages.message)}</Alert>}
      {messages.status === 'ready' && messages.value.length > 0 && (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t`Messages sent`}>
          {messages.value.map((message) => (
            <Paper component="li" variant="outlined" key={message.id} sx={{ p: 1.5 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{message.subject}</Typography>
              <AlsoIn message={message} />
              <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
                {formatMoment(message.created, i18n.locale, timezone, 'date-time')}
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
