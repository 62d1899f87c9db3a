import { plural, t } from '@lingui/core/macro';
import { Plural, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { I18n } from '@lingui/core';
import { type BookedMessage } from '../../orders';

/** What became of a message's emails, in words, in the language spoken (`i18n`). */
function deliveryLine(message: BookedMessage, i18n: I18n): string {
  const { recipients, sent, failed } = message;
  if (recipients === null) return t`Waiting for the shop’s mail sender to work out who is booked (within a minute)…`;
  const waiting = i18n.number(Math.max(0, recipients - sent - failed));
  const sentCount = i18n.number(sent);
  const failedCount = i18n.number(failed);
  return [
    sent === recipients
      ? plural(recipients, { one: 'Sent to the one person', other: 'Sent to all # people' })
      : plural(recipients, { one: `Sent to ${sentCount} of # person`, other: `Sent to ${sentCount} of # people` }),
    ...(recipients - sent - failed > 0 ? [t`${waiting} waiting`] : []),
    ...(failed > 0 ? [t`${failedCount} not delivered`] : []),
  ].join(' · ');
}

/** One message's live counts, a bar while it is sending, and the addresses it could not reach. */
export function Delivery({ message }: { message: BookedMessage }) {
  const { i18n, t } = useLingui();
  const { subject } = message;
  const undelivered = message.failures.length;
  const done = message.recipients !== null && message.sent + message.failed >= message.recipients;
  const progress =
    message.recipients && message.recipients > 0 ? ((message.sent + message.failed) / message.recipients) * 100 : 0;
  return (
    <Stack spacing={0.5}>
      <Typography role="status" data-testid="message-delivery">
        {deliveryLine(message, i18n)}
      </Typography>
      {!done && (
        <LinearProgress
          variant={message.recipients === null ? 'indeterminate' : 'determinate'}
          value={progress}
          aria-label={t`Sending ${subject}`}
        />
      )}
      {message.failures.length > 0 && (
        <Box component="details">
          <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
            <Plural value={undelivered} one="Not delivered to # person" other="Not delivered to # people" />
          </Typography>
          <Box component="ul" sx={{ my: 0.5, paddingInlineStart: 3 }}>
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
