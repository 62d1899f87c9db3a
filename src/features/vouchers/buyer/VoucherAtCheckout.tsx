import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CodeEntry } from '../../../lib/mui/CodeEntry';
import { useSetAtom } from 'jotai';
import { useEffect, useEffectEvent, useState } from 'react';
import { unlockedProductsAtom } from '../../catalogue';
import { normaliseVoucherCode } from '../model';
import { checkVoucher, type VoucherCheckResult } from './checkVoucher';
import { forgetVoucher, keepVoucher, keptVoucher } from './keptVoucher';
import { voucherReasonWords } from './voucherWords';

/**
 * A voucher the buyer entered or a link brought, as trusted code checked it for these lines: each lowered line's
 * unit price in minor units. The allocator decides again as the order is placed.
 */
export interface AppliedVoucher {
  /** In its stored form, as the order's request carries it. */
  code: string;
  prices: Readonly<Record<string, number>>;
  /** The lines it was checked for (linesKey): other lines are checked again. */
  checkedFor: string;
  /**
   * Not checked: the shop turned the check away (too many asked about this code, or from this device). The order
   * is asked with it all the same, and the allocator decides.
   */
  unchecked?: true;
}

const RECHECK_AFTER_MS = 300;

/** The lines as one string, the same for the same products and quantities in any order. */
const linesKey = (lines: Readonly<Record<string, number>>) =>
  Object.entries(lines)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([id, quantity]) => `${id}:${quantity}`)
    .join(',');

/**
 * A voucher code at checkout (docs/vouchers.md#at-checkout): typed, or kept from a link and applied at once. Trusted
 * code says what it makes of the order's lines, or why it cannot be used, in words; the summary above shows each
 * price before and after. Changed lines are checked again.
 */
export function VoucherAtCheckout({
  lines,
  applied,
  onChange,
  disabled,
}: {
  lines: Readonly<Record<string, number>>;
  applied: AppliedVoucher | null;
  onChange: (voucher: AppliedVoucher | null) => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const setUnlocked = useSetAtom(unlockedProductsAtom);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const key = linesKey(lines);

  async function check(typed: string): Promise<void> {
    if (asking) return;
    const stored = normaliseVoucherCode(typed);
    if (stored === null) {
      setOpen(true);
      setProblem(t`A voucher code has 3 to 32 letters, digits and dashes.`);
      return;
    }
    setAsking(true);
    setProblem(null);
    let answer: VoucherCheckResult;
    try {
      answer = await checkVoucher(stored, lines);
    } catch {
      setOpen(true);
      setCode(typed);
      setProblem(t`The shop could not be reached: check your connection and try again.`);
      return;
    } finally {
      setAsking(false);
    }
    switch (answer.kind) {
      case 'ok':
        keepVoucher(answer.code);
        setUnlocked(new Set(answer.unlocks));
        onChange({ code: answer.code, prices: answer.prices, checkedFor: key });
        setCode('');
        setOpen(false);
        return;
      case 'refused':
        // A code that cannot be used is not kept: the buyer sees why, in the field, and may type another.
        forgetVoucher();
        onChange(null);
        setOpen(true);
        setCode(answer.code);
        setProblem(voucherReasonWords(answer.reason));
        return;
      case 'invalid':
        setOpen(true);
        setProblem(t`A voucher code has 3 to 32 letters, digits and dashes.`);
        return;
      case 'too-many':
        // A popular code, or a busy network: the shop decides as the order is placed, and says why if it cannot.
        keepVoucher(stored);
        onChange({ code: stored, prices: {}, checkedFor: key, unchecked: true });
        setCode('');
        setOpen(false);
    }
  }

  // A code kept from a link is applied as checkout opens, and an applied one checked again when the lines change,
  // once they have stopped changing for a moment (a quantity stepped up one by one is asked about once).
  const recheck = useEffectEvent(() => {
    const wanted = applied?.code ?? keptVoucher();
    if (wanted && applied?.checkedFor !== key && !disabled) void check(wanted);
  });
  useEffect(() => {
    const soon = setTimeout(() => recheck(), RECHECK_AFTER_MS);
    return () => clearTimeout(soon);
  }, [key]);

  if (applied) {
    const shown = <span style={{ whiteSpace: 'nowrap' }}>{applied.code}</span>;
    return (
      <Alert
        severity="success"
        sx={{ my: 2 }}
        data-testid="voucher-applied"
        action={
          <Button
            color="inherit"
            size="small"
            disabled={disabled}
            onClick={() => {
              forgetVoucher();
              onChange(null);
            }}
          >
            <Trans>Remove</Trans>
          </Button>
        }
      >
        {applied.unchecked ? (
          <Trans>
            Voucher {shown} will be checked as your order is placed: the shop is answering many buyers just now.
          </Trans>
        ) : (
          <Trans>Voucher {shown} is applied: the prices above are with it.</Trans>
        )}
      </Alert>
    );
  }
  if (!open) {
    return (
      <Box sx={{ my: 2 }}>
        <Button variant="text" disabled={disabled || asking} onClick={() => setOpen(true)}>
          {asking ? <Trans>Checking the voucher…</Trans> : <Trans>Have a voucher code?</Trans>}
        </Button>
      </Box>
    );
  }
  return (
    <CodeEntry
      id="checkout-voucher"
      label={t`Voucher code`}
      value={code}
      onChange={(typed) => {
        setCode(typed);
        setProblem(null);
      }}
      onApply={() => void check(code)}
      onCancel={() => {
        setOpen(false);
        setProblem(null);
      }}
      problem={problem}
      hint={t`Capitals do not matter.`}
      asking={asking}
      disabled={disabled}
      apply={t`Apply voucher`}
      checking={t`Checking the voucher…`}
    />
  );
}
