import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { removeValue } from '../../../firebase/database';
import { isRecord } from '../../../state/validation';
import { useShopFormat, LiveContent, saveQuickly, Section } from '../../dashboardKit';
import { paths } from '../../../firebase/paths';

interface Message {
  id: string;
  name: string;
  email: string;
  subject: string;
  body: string;
  created: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function parseMessages(raw: unknown): Message[] {
  if (!isRecord(raw)) return [];
  return Object.entries(raw)
    .flatMap(([id, value]) =>
      isRecord(value)
        ? [
            {
              id,
              name: text(value.name),
              email: text(value.email),
              subject: text(value.subject),
              body: text(value.body),
              created: typeof value.created === 'number' ? value.created : 0,
            },
          ]
        : [],
    )
    .sort((a, b) => b.created - a.created);
}

/** Messages sent through the contact form, newest first; deleting one is how staff mark it dealt with. */
export function ContactMessages() {
  const { t } = useLingui();
  const format = useShopFormat();
  return (
    <Section title={t`Contact messages`}>
      <LiveContent path={paths.messages} loading={t`Loading messages…`}>
        {(raw) => {
          const messages = parseMessages(raw);
          if (messages.length === 0) {
            return (
              <Typography>
                <Trans>No messages.</Trans>
              </Typography>
            );
          }
          return (
            <Stack spacing={1.5}>
              {messages.map((message) => {
                const subject = message.subject;
                return (
                  <Paper
                    key={message.id}
                    component="article"
                    variant="outlined"
                    sx={{ p: 2 }}
                    aria-label={message.subject}
                  >
                    <Typography variant="h3" sx={{ fontSize: '1.05rem' }}>
                      {message.subject}
                    </Typography>
                    <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
                      {message.name} ·{' '}
                      <Link href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}>
                        {message.email}
                      </Link>{' '}
                      · {format.date(message.created)}
                    </Typography>
                    <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message.body}</Typography>
                    <Button
                      size="small"
                      sx={{ mt: 1 }}
                      aria-label={t`Delete the message “${subject}”`}
                      onClick={() =>
                        void saveQuickly(() => removeValue(paths.message(message.id)), t`The message is deleted.`)
                      }
                    >
                      <Trans>Delete</Trans>
                    </Button>
                  </Paper>
                );
              })}
            </Stack>
          );
        }}
      </LiveContent>
    </Section>
  );
}
