/**
 * The parts the desk's money dialogs share (RecordPaymentDialog, RefundDialog): a choice of how, and a note for staff
 * (and how it is quoted, in the order's payments too). Their buttons are the desk's (dashboardKit's SendButtons).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId } from 'react';

/** One of `options` ([value, label] each), as radio buttons under `label`. */
export function ChoiceField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <FormControl>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup aria-labelledby={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map(([option, text]) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={text} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** What staff wrote beside a payment or refund, after the rest of its line, quoted as the language quotes. */
export function QuotedNote({ text }: { text: string }) {
  const note = <>{text}</>;
  return (
    <>
      {' · '}
      <Trans>“{note}”</Trans>
    </>
  );
}

/** An optional note of up to `max` characters, for staff only. */
export function NoteField({ value, max, onChange }: { value: string; max: number; onChange: (note: string) => void }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Note (optional)`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={2}
      helperText={t`Up to ${max} characters, for staff only`}
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );
}
