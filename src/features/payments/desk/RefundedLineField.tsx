import { useLingui } from '@lingui/react/macro';
import TextField from '@mui/material/TextField';
import { toMinorUnits } from '../../../lib/money';
import { typedTitle } from '../../../lib/typedTitle';
import type { Order } from '../../orders';

/** What a refund gives back, when staff say: a product of the order, and how many. */
export interface RefundedLine {
  line: string;
  quantity: number;
}

/** How many of a line staff may pick: each count up to ten, else one or all of them. */
const counts = (quantity: number) =>
  quantity <= 10 ? Array.from({ length: quantity }, (_, index) => index + 1) : [1, quantity];

/**
 * "What it gives back" on the refund dialog (docs/invoices.md#a-refund-of-a-line): an amount only, or so many of one of
 * the order's lines, which proposes their price as the amount (`onChange` gets it in minor units). A refund that names
 * a line gets a credit note of that line at its tax rate, not a share of every rate.
 */
export function RefundedLineField({
  order,
  currency,
  value,
  onChange,
  money,
}: {
  order: Pick<Order, 'lines'>;
  currency: string;
  value: RefundedLine | null;
  onChange: (line: RefundedLine | null, minor: number | null) => void;
  money: (minor: number) => string;
}) {
  const { t } = useLingui();
  const options = order.lines
    .filter((line) => line.quantity > 0)
    .flatMap((line) =>
      counts(line.quantity).map((count) => {
        const title = typedTitle(line.title, line.type);
        const minor = toMinorUnits(line.price, currency) * count;
        const price = money(minor);
        return {
          key: `${count}:${line.productId}`,
          line: line.productId,
          count,
          minor,
          text: t`${count} × ${title} (${price})`,
        };
      }),
    );
  return (
    <TextField
      select
      label={t`What it gives back`}
      value={value ? `${value.quantity}:${value.line}` : ''}
      onChange={(event) => {
        const picked = options.find((option) => option.key === event.target.value);
        onChange(picked ? { line: picked.line, quantity: picked.count } : null, picked?.minor ?? null);
      }}
      helperText={t`Naming what is given back credits it at its own tax rate on the credit note.`}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t`An amount (shared among the order’s tax rates)`}</option>
      {options.map((option) => (
        <option key={option.key} value={option.key}>
          {option.text}
        </option>
      ))}
    </TextField>
  );
}
