import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
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
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { languageName, type ShopLanguage } from '../../../i18n/languages';
import { siteAtom } from '../../../state/atoms';
import { liveValueAtom } from '../../../firebase/liveValue';
import {
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  bookedMessageText,
  deskPaths,
  displayReference,
  messageParagraphs,
  messageProblem,
  type BookedMessage,
  type BookedOrder,
  type MessageWords,
} from '../../orders';
import { OtherLanguages, saveOnline } from '../../dashboardKit';
import { sendBookedMessage } from './bookedMessages';
import { MessageVoucherField, useMessageVoucherCheck } from './MessageVoucherField';
import type { Live } from '../../dashboardKit';
import { Delivery } from './MessageDelivery';

/** The email as the first person booked will read it; everyone else's names their own order. */
function Preview({
  subject,
  body,
  eventTitle,
  first,
  voucher,
}: {
  subject: string;
  body: string;
  eventTitle: string;
  first: BookedOrder;
  voucher: string | null;
}) {
  const { name: shopName } = useAtomValue(siteAtom);
  const { i18n, t } = useLingui();
  // The preview names a person: it shows their own order's reference too (one read of their index entry).
  const ref = useAtomValue(liveValueAtom(`${deskPaths.order(first.key)}/ref`));
  const words = bookedMessageText(i18n, {
    body,
    name: first.name,
    eventTitle,
    reference:
      ref.status === 'ready' && typeof ref.value === 'string'
        ? displayReference(ref.value)
        : first.key.slice(first.key.indexOf('~') + 1),
    orderUrl: t`[the link to their order]`,
    voucher: voucher ? { code: voucher, url: t`[the shop’s link with the code]` } : null,
  });
  const reader = <>{first.name || first.email}</>;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="textSecondary">
        <Trans>As {reader} will read it; each person’s email names their own order.</Trans>
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label={t`Preview of the email`} component="section">
        <Typography variant="body2">
          <strong>
            <Trans>From:</Trans>
          </strong>{' '}
          {shopName}
        </Typography>
        <Typography variant="body2">
          <strong>
            <Trans>To:</Trans>
          </strong>{' '}
          {first.name} &lt;{first.email}&gt;
        </Typography>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          <strong>
            <Trans>Subject:</Trans>
          </strong>{' '}
          {subject.trim()} · {shopName}
        </Typography>
        <Typography sx={{ mb: 1.5 }}>{words.greeting}</Typography>
        {words.paragraphs.map((paragraph, n) => (
          <Typography key={n} sx={{ mb: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {paragraph}
          </Typography>
        ))}
        {words.voucher && <Typography sx={{ mb: 1.5, fontWeight: 600 }}>{words.voucher}</Typography>}
        <Typography variant="body2" color="textSecondary">
          {words.why}
          <br />
          {words.link ?? ''}
        </Typography>
      </Paper>
    </Stack>
  );
}

/**
 * The words staff wrote in another language, as people whose order is in it read them; the greeting and the lines
 * about their order around them are the shop's own, in that language too.
 */
function TranslatedPreview({ language, words }: { language: ShopLanguage; words: MessageWords }) {
  const { name: shopName } = useAtomValue(siteAtom);
  const { i18n, t } = useLingui();
  const name = languageName(language, i18n.locale);
  const paragraphs = messageParagraphs(words.body);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={t`Preview in ${name}`} component="section" lang={language}>
      <Typography component="p" variant="subtitle2" sx={{ mb: 1 }} lang={i18n.locale}>
        <Trans>
          In {name}, for people whose order is in {name}
        </Trans>
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        <strong lang={i18n.locale}>
          <Trans>Subject:</Trans>
        </strong>{' '}
        {words.subject.trim()} · {shopName}
      </Typography>
      {paragraphs.map((paragraph, n) => (
        <Typography key={n} sx={{ mb: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {paragraph}
        </Typography>
      ))}
    </Paper>
  );
}

/** The translations staff filled in: a language left empty is none. */
const filledIn = (translations: Partial<Record<ShopLanguage, MessageWords>>) =>
  Object.fromEntries(
    Object.entries(translations).filter(([, words]) => words.subject.trim() !== '' || words.body.trim() !== ''),
  ) as Partial<Record<ShopLanguage, MessageWords>>;

/**
 * The subject and message in each language the shop speaks besides its main one (docs/languages.md#organiser-content):
 * optional; someone whose order is in a language left empty gets the main language's words.
 */
function TranslationFields({
  translations,
  onChange,
  problems,
}: {
  translations: Partial<Record<ShopLanguage, MessageWords>>;
  onChange: (language: ShopLanguage, words: MessageWords) => void;
  problems: ReadonlyMap<ShopLanguage, ReturnType<typeof messageProblem>>;
}) {
  const { i18n, t } = useLingui();
  return (
    <OtherLanguages
      legend={(name) => <Trans>In {name} (optional)</Trans>}
      hint={(name, mainName) => (
        <Trans>
          People whose order is in {name} get these words. Left empty, they get the {mainName} message.
        </Trans>
      )}
    >
      {(language, name) => {
        const words = translations[language] ?? { subject: '', body: '' };
        const found = problems.get(language) ?? null;
        const subjectLength = words.subject.length;
        return (
          <>
            <TextField
              label={t`Subject in ${name}`}
              value={words.subject}
              onChange={(change) => onChange(language, { ...words, subject: change.target.value })}
              slotProps={{ htmlInput: { maxLength: MESSAGE_SUBJECT_MAX, lang: language } }}
              helperText={
                found?.field === 'subject' ? i18n._(found.problem) : `${subjectLength}/${MESSAGE_SUBJECT_MAX}`
              }
              error={found?.field === 'subject'}
            />
            <TextField
              label={t`Message in ${name}`}
              value={words.body}
              onChange={(change) => onChange(language, { ...words, body: change.target.value })}
              multiline
              minRows={4}
              slotProps={{ htmlInput: { maxLength: MESSAGE_BODY_MAX, lang: language } }}
              helperText={found?.field === 'body' ? i18n._(found.problem) : undefined}
              error={found?.field === 'body'}
            />
          </>
        );
      }}
    </OtherLanguages>
  );
}

type Step = { name: 'write' } | { name: 'preview' } | { name: 'sent'; id: string };

/** Write, preview, send, then watch it go: one dialog, full screen on a phone. */
export function MessageDialog({
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
  const { i18n, t } = useLingui();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [step, setStep] = useState<Step>({ name: 'write' });
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [translations, setTranslations] = useState<Partial<Record<ShopLanguage, MessageWords>>>({});
  const [voucherTyped, setVoucherTyped] = useState('');
  const checkVoucher = useMessageVoucherCheck();
  const [voucher, setVoucher] = useState<{ code: string | null; problem: string | null }>({
    code: null,
    problem: null,
  });
  const invalid = messageProblem(subject, body);
  const subjectInvalid = invalid?.field === 'subject';
  const written = filledIn(translations);
  // A language staff began to write in is checked as the main one is; only once they asked for the preview.
  const translationProblems = new Map(
    Object.entries(written).flatMap(([language, words]) => {
      const found = messageProblem(words.subject, words.body);
      return found ? [[language as ShopLanguage, found] as const] : [];
    }),
  );
  const count = recipients.length;
  const bodyLength = body.length;
  const title = <>{eventTitle}</>;

  async function send() {
    setSending(true);
    let id = '';
    const failed = await saveOnline(
      async () => {
        id = await sendBookedMessage(eventId, uid, { subject, body, translations: written, voucher: voucher.code });
      },
      plural(count, {
        one: 'Your message is on its way to # person.',
        other: 'Your message is on its way to # people.',
      }),
      t`Message on its way`,
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
      <DialogTitle id="message-booked-title">
        <Trans>Message everyone booked on {title}</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {step.name === 'write' && (
            <>
              <Typography>
                <Plural
                  value={count}
                  one="To # person: one email each, however many tickets or orders they hold. Cancelled orders are left out."
                  other="To # people: one email each, however many tickets or orders they hold. Cancelled orders are left out."
                />
              </Typography>
              <TextField
                label={t`Subject`}
                autoFocus
                value={subject}
                onChange={(change) => setSubject(change.target.value)}
                slotProps={{ htmlInput: { maxLength: MESSAGE_SUBJECT_MAX } }}
                helperText={`${subject.length}/${MESSAGE_SUBJECT_MAX}`}
                error={checked && subjectInvalid}
                required
              />
              <TextField
                label={t`Message`}
                value={body}
                onChange={(change) => setBody(change.target.value)}
                multiline
                minRows={5}
                slotProps={{ htmlInput: { maxLength: MESSAGE_BODY_MAX } }}
                helperText={t`${bodyLength}/${MESSAGE_BODY_MAX} · A blank line starts a new paragraph.`}
                error={checked && invalid !== null && !subjectInvalid}
                required
              />
              {checked && invalid && <Alert severity="error">{i18n._(invalid.problem)}</Alert>}
              <TranslationFields
                translations={translations}
                onChange={(language, words) => setTranslations((before) => ({ ...before, [language]: words }))}
                problems={checked ? translationProblems : new Map()}
              />
              <MessageVoucherField value={voucherTyped} onChange={setVoucherTyped} problem={voucher.problem} />
            </>
          )}
          {step.name === 'preview' && recipients[0] && (
            <>
              <Preview
                subject={subject}
                body={body}
                eventTitle={eventTitle}
                first={recipients[0]}
                voucher={voucher.code}
              />
              {Object.entries(written).map(([language, words]) => (
                <TranslatedPreview key={language} language={language as ShopLanguage} words={words} />
              ))}
            </>
          )}
          {step.name === 'sent' && (
            <>
              <Typography>
                <Trans>Sent to the shop’s mail sender. The count below follows the deliveries live.</Trans>
              </Typography>
              {sent ? <Delivery message={sent} /> : <LinearProgress aria-label={t`Starting to send`} />}
            </>
          )}
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        {step.name === 'write' && (
          <>
            <Button onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              variant="contained"
              onClick={() => {
                setChecked(true);
                if (invalid || translationProblems.size > 0) return;
                void checkVoucher(voucherTyped).then((checked) => {
                  setVoucher(checked);
                  if (!checked.problem) setStep({ name: 'preview' });
                });
              }}
            >
              <Trans>Preview</Trans>
            </Button>
          </>
        )}
        {step.name === 'preview' && (
          <>
            <Button onClick={() => setStep({ name: 'write' })} disabled={sending}>
              <Trans>Edit</Trans>
            </Button>
            <Button variant="contained" onClick={() => void send()} disabled={sending}>
              <Plural value={count} one="Send to # person" other="Send to # people" />
            </Button>
          </>
        )}
        {step.name === 'sent' && (
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
