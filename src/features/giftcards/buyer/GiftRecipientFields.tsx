import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GIFT_MESSAGE_MAX, GIFT_NAME_MAX, isGiftAddress, type GiftRecipient } from '../model';

/** What is wrong with each field of a recipient, in words; empty when nothing is. */
export function useGiftRecipientProblems(gift: GiftRecipient | null): Partial<Record<keyof GiftRecipient, string>> {
  const { t } = useLingui();
  if (!gift) return {};
  return {
    ...(gift.name.trim() === '' ? { name: t`Enter their name.` } : {}),
    ...(!isGiftAddress(gift.email.trim()) ? { email: t`Enter their email address, such as sam@example.com.` } : {}),
  };
}

/** The id of a recipient's field, so the first one wrong can be focused. */
export const giftFieldId = (field: keyof GiftRecipient) => `checkout-gift-${field}`;

/**
 * Whom the gift cards in the order are for (docs/gift-cards.md#selling-them): the buyer (the codes come in their
 * emails, to hand on), or someone they name, who gets the cards by email once the order is paid, with a message.
 * `value` null is the buyer; `shown` says whether a field's problem is shown yet (the form was tried).
 */
export function GiftRecipientFields({
  value,
  onChange,
  shown,
}: {
  value: GiftRecipient | null;
  onChange: (gift: GiftRecipient | null) => void;
  shown: boolean;
}) {
  const { t } = useLingui();
  const problems = useGiftRecipientProblems(value);
  const field = (key: keyof GiftRecipient) => ({
    id: giftFieldId(key),
    value: value?.[key] ?? '',
    onChange: (event: { target: { value: string } }) =>
      onChange({ ...(value ?? { name: '', email: '', message: '' }), [key]: event.target.value }),
    error: shown && problems[key] !== undefined,
  });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t`Who the gift cards are for`}
      </Typography>
      <RadioGroup
        value={value ? 'someone' : 'me'}
        onChange={(event) => onChange(event.target.value === 'me' ? null : { name: '', email: '', message: '' })}
      >
        <FormControlLabel value="me" control={<Radio />} label={t`Me: I get the codes by email and hand them on`} />
        <FormControlLabel value="someone" control={<Radio />} label={t`Someone else: email them the gift cards`} />
      </RadioGroup>
      {value && (
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            {...field('name')}
            label={t`Recipient`}
            required
            helperText={shown && problems.name ? problems.name : t`Their name, as the email greets them`}
            slotProps={{ htmlInput: { maxLength: GIFT_NAME_MAX } }}
          />
          <TextField
            {...field('email')}
            // Not "name" or "email" in these labels: the buyer's own fields are found by those words.
            label={t`Recipient’s address`}
            type="email"
            required
            helperText={
              shown && problems.email
                ? problems.email
                : t`Their email address: they get the cards once the order is paid; you get them too.`
            }
          />
          <TextField
            {...field('message')}
            label={t`A message for them (optional)`}
            multiline
            minRows={2}
            helperText={t`Up to ${GIFT_MESSAGE_MAX} characters`}
            slotProps={{ htmlInput: { maxLength: GIFT_MESSAGE_MAX } }}
          />
        </Stack>
      )}
    </Box>
  );
}
