import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

/**
 * A code typed at checkout and checked by trusted code before it counts (a gift card's, a voucher's): the field with
 * its problem or hint, its own button (Enter in the field presses it, not the whole checkout's), and cancel; while it
 * is asked, the button says so and a screen reader hears `checking`.
 */
export function CodeEntry({
  id,
  label,
  value,
  onChange,
  onApply,
  onCancel,
  problem,
  hint,
  asking,
  disabled,
  apply,
  checking,
}: {
  id: string;
  /** Names the field, and the section around it. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onApply: () => void;
  onCancel: () => void;
  /** Why the code cannot be used, in words; null while there is none. */
  problem: string | null;
  hint: string;
  asking: boolean;
  disabled: boolean;
  /** The button's words: "Use card". */
  apply: string;
  /** What a screen reader hears while it is asked: "Checking the gift card…". */
  checking: string;
}) {
  const { t } = useLingui();
  return (
    <Stack
      component="section"
      aria-label={label}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ my: 2, alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        id={id}
        label={label}
        value={value}
        autoFocus
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onApply();
          }
        }}
        error={problem !== null}
        helperText={problem ?? hint}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters', maxLength: 64 } }}
        sx={{ flex: 1 }}
      />
      <Stack direction="row" spacing={1} sx={{ pt: { sm: 1 } }}>
        <Button variant="outlined" disabled={disabled || asking} onClick={onApply}>
          {asking ? t`Checking…` : apply}
        </Button>
        <Button variant="text" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </Stack>
      <span role="status" className="visually-hidden">
        {asking ? checking : ''}
      </span>
    </Stack>
  );
}
