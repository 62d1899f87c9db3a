import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { saveQuickly } from '../../dashboardKit';
import { OFFER_HOURS_MAX, OFFER_HOURS_MIN, type WaitingListSettings } from '../model';
import { saveWaitingListSetting } from './waitingListDeskData';

/**
 * The organiser's waiting list settings (docs/waiting-list.md#on-the-desk), each saved as it is changed: whether
 * buyers may join, whether returned places are offered by themselves (off: staff offer them by hand, below), and how
 * long an offer holds its places. They show what is stored, live.
 */
export function WaitingListSettingsForm({ settings }: { settings: WaitingListSettings }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={`${id}-heading`} spacing={1}>
      <Typography id={`${id}-heading`} variant="h3" sx={{ fontSize: '1.1rem' }}>
        <Trans>Settings</Trans>
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={settings.on}
            onChange={(event) => {
              const on = event.target.checked;
              void saveQuickly(
                () => saveWaitingListSetting('on', on),
                on ? t`Buyers may join waiting lists.` : t`Buyers can no longer join waiting lists.`,
              );
            }}
          />
        }
        label={t`Buyers may join waiting lists`}
      />
      <FormControlLabel
        control={
          <Switch
            checked={settings.auto}
            slotProps={{ input: { 'aria-describedby': `${id}-auto-hint` } }}
            onChange={(event) => {
              const auto = event.target.checked;
              void saveQuickly(
                () => saveWaitingListSetting('auto', auto),
                auto ? t`Returned places are offered automatically.` : t`Returned places wait for you to offer them.`,
              );
            }}
          />
        }
        label={t`Offer returned places automatically`}
      />
      <Typography variant="body2" color="textSecondary" id={`${id}-auto-hint`}>
        <Trans>Off: places that come back stay kept for the people waiting, and you offer them with “Offer now”.</Trans>
      </Typography>
      {/* Drawn again when the stored hours change, so the field starts from them. */}
      <OfferHours key={settings.hours} hours={settings.hours} />
    </Stack>
  );
}

/** "Offers hold places for N hours": whole hours from 1 to a week, saved with its button. */
function OfferHours({ hours }: { hours: number }) {
  const { t } = useLingui();
  const [text, setText] = useState(String(hours));
  const [saving, setSaving] = useState(false);
  const typed = Number(text);
  const valid = /^\d+$/.test(text.trim()) && typed >= OFFER_HOURS_MIN && typed <= OFFER_HOURS_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setSaving(true);
    void saveQuickly(
      () => saveWaitingListSetting('hours', typed),
      t`Offers now hold places for ${typed} hours.`,
    ).finally(() => setSaving(false));
  };
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        size="small"
        type="number"
        label={t`Offers hold places for (hours)`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={!valid}
        helperText={valid ? ' ' : t`Whole hours from ${OFFER_HOURS_MIN} to ${OFFER_HOURS_MAX}.`}
        slotProps={{ htmlInput: { min: OFFER_HOURS_MIN, max: OFFER_HOURS_MAX, step: 1, inputMode: 'numeric' } }}
        // Wide enough for its label in both languages: a narrower field cut it short on the desktop.
        sx={{ width: { sm: '20rem' } }}
      />
      <Button type="submit" variant="outlined" disabled={!valid || saving || typed === hours}>
        <Trans>Save hours</Trans>
      </Button>
    </Stack>
  );
}
