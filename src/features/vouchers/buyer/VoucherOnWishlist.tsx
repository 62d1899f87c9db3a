import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { formatMoney, fromMinorUnits, toMinorUnits } from '../../../lib/money';
import { checkVoucher, type VoucherCheckResult } from './checkVoucher';
import { forgetVoucher, keptVoucher } from './keptVoucher';
import { voucherReasonWords } from './voucherWords';

/** A wishlist line as the voucher looks at it: today's unit price in major units. */
interface WishedLine {
  id: string;
  title: string;
  quantity: number;
  price: number;
}

/**
 * The wishlist with a voucher a link brought (docs/vouchers.md#at-checkout): the total before and after it, and each
 * line it lowers, or why it cannot be used. Nothing without a kept code; checkout applies it.
 */
export function VoucherOnWishlist({ lines, currency }: { lines: readonly WishedLine[]; currency: string }) {
  const { i18n } = useLingui();
  const [code, setCode] = useState(keptVoucher);
  const [answer, setAnswer] = useState<VoucherCheckResult | null>(null);
  const wanted = Object.fromEntries(lines.map((line) => [line.id, line.quantity]));
  const key = JSON.stringify(wanted);
  useEffect(() => {
    if (!code) return;
    let current = true;
    // Once the lines have stopped changing for a moment; an answer for lines since changed is dropped.
    const soon = setTimeout(() => {
      checkVoucher(code, JSON.parse(key) as Record<string, number>).then(
        (result) => current && setAnswer(result),
        () => current && setAnswer(null),
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(soon);
    };
  }, [code, key]);

  if (!code || !answer || answer.kind === 'invalid' || answer.kind === 'too-many') return null;
  const money = (minor: number) => formatMoney(fromMinorUnits(minor, currency), currency, i18n.locale);
  const shown = <span style={{ whiteSpace: 'nowrap' }}>{code}</span>;
  const remove = (
    <Button
      color="inherit"
      size="small"
      onClick={() => {
        forgetVoucher();
        setCode(null);
      }}
    >
      <Trans>Remove</Trans>
    </Button>
  );
  if (answer.kind === 'refused') {
    return (
      <Alert severity="info" action={remove} data-testid="wishlist-voucher">
        <Trans>Voucher {shown}:</Trans> {voucherReasonWords(answer.reason)}
      </Alert>
    );
  }
  const before = lines.reduce((sum, line) => sum + toMinorUnits(line.price, currency) * line.quantity, 0);
  const after = lines.reduce(
    (sum, line) => sum + (answer.prices[line.id] ?? toMinorUnits(line.price, currency)) * line.quantity,
    0,
  );
  const [was, now] = [money(before), money(after)];
  return (
    <Alert severity="success" action={remove} data-testid="wishlist-voucher">
      <Trans>
        With voucher {shown}: {now} instead of {was}, applied at checkout.
      </Trans>
      <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        {lines.flatMap((line) => {
          const lowered = answer.prices[line.id];
          if (lowered === undefined) return [];
          const title = <>{line.title}</>;
          const [each, instead] = [money(lowered), money(toMinorUnits(line.price, currency))];
          return [
            <li key={line.id}>
              <Trans>
                {title}: {each} each instead of {instead}
              </Trans>
            </li>,
          ];
        })}
      </ul>
    </Alert>
  );
}
