import { useLingui } from '@lingui/react/macro';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LANGUAGE_NAMES, LANGUAGES, type ShopLanguage } from '../../../i18n/languages';
import { GIFT_MESSAGE_MAX, GIFT_NAME_MAX, type DeskCardRecipient } from '../model';
import { useGiftRecipientProblems } from '../buyer/GiftRecipientFields';

/**
 * Whom a card issued by hand is emailed to (docs/gift-cards.md#on-the-desk): nobody (staff hand the code on), or
 * someone named, with a message from the shop, in a language the shop speaks (`language`, staff's own, at first).
 * `value` null is nobody; `shown` says whether a field's problem is shown yet (the form was tried).
 */
export function DeskRecipientFields({
  value,
  onChange,
  shown,
  language,
}: {
  value: DeskCardRecipient | null;
  onChange: (recipient: DeskCardRecipient | null) => void;
  shown: boolean;
  language: ShopLanguage;
}) {
  const { t } = useLingui();
  const problems = useGiftRecipientProblems(value);
  const field = (key: 'name' | 'email' | 'message') => ({
    value: value?.[key] ?? '',
    onChange: (event: { target: { value: string } }) => value && onChange({ ...value, [key]: event.target.value }),
    error: shown && key !== 'message' && problems[key] !== undefined,
  });
  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={
          <Checkbox
            checked={value !== null}
            onChange={(event) => onChange(event.target.checked ? { name: '', email: '', message: '', language } : null)}
          />
        }
        label={t`Email the card to someone`}
      />
      {value && (
        <>
          <TextField
            {...field('name')}
            label={t`Recipient`}
            required
            autoFocus
            helperText={shown && problems.name ? problems.name : t`Their name, as the email greets them`}
            slotProps={{ htmlInput: { maxLength: GIFT_NAME_MAX } }}
          />
          <TextField
            {...field('email')}
            label={t`Recipient’s address`}
            type="email"
            required
            helperText={shown && problems.email ? problems.email : t`The card’s code goes to this address`}
          />
          <TextField
            {...field('message')}
            label={t`A message for them (optional)`}
            multiline
            minRows={2}
            helperText={t`Up to ${GIFT_MESSAGE_MAX} characters, quoted in the email as the shop’s`}
            slotProps={{ htmlInput: { maxLength: GIFT_MESSAGE_MAX } }}
          />
          <TextField
            select
            label={t`Language of the email`}
            value={value.language}
            onChange={(event) => onChange({ ...value, language: event.target.value as ShopLanguage })}
            slotProps={{ select: { native: true } }}
          >
            {LANGUAGES.map((choice) => (
              <option key={choice} value={choice}>
                {LANGUAGE_NAMES[choice]}
              </option>
            ))}
          </TextField>
        </>
      )}
    </Stack>
  );
}
