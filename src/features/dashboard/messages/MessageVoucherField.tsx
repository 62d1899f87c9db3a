import { useLingui } from '@lingui/react/macro';
import TextField from '@mui/material/TextField';
import { messageVoucher } from './bookedMessages';

/** What the voucher typed for a message comes to: its stored code (none when left empty), or why it cannot be sent. */
export interface MessageVoucherCheck {
  code: string | null;
  problem: string | null;
}

/**
 * Checks the voucher typed for a message before its preview (docs/email.md#a-message-to-everyone-booked): the rules
 * take only a voucher that exists, and staff are told why in words rather than by a refused write.
 */
export function useMessageVoucherCheck(): (typed: string) => Promise<MessageVoucherCheck> {
  const { t } = useLingui();
  return async (typed) => {
    if (!typed.trim()) return { code: null, problem: null };
    try {
      const found = await messageVoucher(typed);
      if (found === 'invalid')
        return { code: null, problem: t`A voucher code has 3 to 32 letters, digits and dashes.` };
      if (found === 'unknown')
        return { code: null, problem: t`There is no voucher with this code. Create it in the Vouchers tab first.` };
      return { code: found, problem: null };
    } catch {
      return { code: null, problem: t`The voucher could not be looked up. Try again.` };
    }
  };
}

/** The optional voucher code a message to everyone booked carries. */
export function MessageVoucherField({
  value,
  onChange,
  problem,
}: {
  value: string;
  onChange: (typed: string) => void;
  problem: string | null;
}) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Voucher code (optional)`}
      value={value}
      onChange={(change) => onChange(change.target.value)}
      helperText={problem ?? t`Everyone’s email carries it, with a link that brings it to checkout.`}
      error={problem !== null}
      slotProps={{ htmlInput: { maxLength: 64, spellCheck: false, autoCapitalize: 'characters' } }}
    />
  );
}
