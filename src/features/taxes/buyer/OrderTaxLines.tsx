import { Trans, useLingui } from '@lingui/react/macro';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatPercent } from '../../../lib/format';
import { toMinorUnits } from '../../../lib/money';
import { REVERSE_CHARGE, type OrderTaxRecord } from '../model';

/**
 * An order's tax as the order kept it when it was placed, never as the shop's settings say today
 * (docs/taxes.md#the-orders-tax). `part` says which lines: the tax each rate put on top of the prices, shown above
 * the total, or what the prices included, shown under it. A rate that took no tax (zero-rated, exempt) is not
 * listed: its lines are there, at their prices; reverse charge is, as the buyer accounts for that tax themselves
 * (docs/taxes.md#reverse-charge). `money` writes an amount in minor units in the shop's currency. Given the order's
 * `total` (minor units, what it comes to), the net is said too: above the tax on top, or under what the prices
 * included, so that net, tax per rate and gross are all there.
 */
export function OrderTaxLines({
  tax,
  part,
  money,
  variant,
  total,
}: {
  tax: OrderTaxRecord;
  part: 'on-top' | 'included';
  money: (minor: number) => string;
  variant?: TypographyProps['variant'];
  total?: number;
}) {
  const { i18n } = useLingui();
  if (tax.included !== (part === 'included')) return null;
  const locale = i18n.locale;
  const reverse = tax.rates[REVERSE_CHARGE.id];
  const untaxed = reverse ? money(reverse.net) : '';
  const reverseLine = reverse && (
    <Typography key={REVERSE_CHARGE.id} variant={variant} data-testid="order-tax">
      <Trans>Reverse charge: no VAT on {untaxed}; the buyer accounts for it</Trans>
    </Typography>
  );
  const rates = Object.entries(tax.rates)
    .filter(([, rate]) => rate.tax > 0)
    .map(([id, rate]) => {
      // The organiser's words as an element, never inside a message string (docs/languages.md).
      const name = <>{rate.name}</>;
      const percent = formatPercent(rate.basisPoints, locale);
      const amount = money(rate.tax);
      return (
        <Typography
          key={id}
          variant={variant}
          data-testid="order-tax"
          color={tax.included ? 'textSecondary' : undefined}
        >
          {tax.included ? (
            <Trans>
              Includes {name} at {percent}: {amount}
            </Trans>
          ) : (
            <Trans>
              {name} at {percent}: {amount}
            </Trans>
          )}
        </Typography>
      );
    });
  const net = total === undefined ? '' : money(total - tax.tax);
  const netLine = total !== undefined && (
    <Typography key="net" variant={variant} data-testid="order-net" color={tax.included ? 'textSecondary' : undefined}>
      <Trans>Net: {net}</Trans>
    </Typography>
  );
  return tax.included ? [...rates, reverseLine, netLine] : [netLine, ...rates, reverseLine];
}

/**
 * A placed order's total (`children`) with its kept tax around it: the net and the tax on top above it, or what the
 * prices included and the net under it. `orderTotal` is what the order comes to, in its currency's units.
 */
export function TaxedTotal({
  tax,
  orderTotal,
  money,
  variant,
  children,
}: {
  tax: OrderTaxRecord | null | undefined;
  orderTotal: number;
  money: (minor: number) => string;
  variant?: TypographyProps['variant'];
  children: ReactNode;
}) {
  if (!tax) return children;
  const total = toMinorUnits(orderTotal, tax.currency);
  return (
    <>
      <OrderTaxLines tax={tax} part="on-top" money={money} variant={variant} total={total} />
      {children}
      <OrderTaxLines tax={tax} part="included" money={money} variant={variant} total={total} />
    </>
  );
}
