import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatList } from '../../lib/format';
import { formatMoney, fromMinorUnits } from '../../lib/money';
import { formatPrice } from '../../lib/price';
import type { WishlistReview } from '../wishlist';
import { OrderTaxLines } from '../taxes';
import type { OrderTaxRecord } from '../taxes/model';
import { issueLabel, STOCK_ISSUES } from './checkoutWords';

/** What the order comes to, in minor units: with the voucher, what it took off, and what a gift card pays. */
export interface CheckoutMoney {
  total: number;
  /** Taken off by the voucher, and its code; none without one. */
  voucher: { code: string; off: number } | null;
  /** Each line's unit price with the voucher, where it lowers it. */
  lowered: Readonly<Record<string, number>>;
  /** What the gift card pays, and what is left to pay; none without one. */
  giftCard: { pays: number; rest: number } | null;
  /** Its tax as the order will keep it, from the settings as they stand; none while the shop charges none. */
  tax: OrderTaxRecord | null;
}

const Row = ({ label, children, bold = false }: { label: ReactNode; children: ReactNode; bold?: boolean }) => (
  <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1, gap: 2 }}>
    <Typography sx={bold ? { fontWeight: 700 } : undefined}>{label}</Typography>
    {children}
  </Stack>
);

/** A price before and after a voucher: struck through, then the new one; read out as "was …, now …". */
function LoweredPrice({ before, after }: { before: string; after: string }) {
  return (
    <span data-testid="checkout-line-lowered">
      <span className="visually-hidden">
        <Trans>was {before}, now</Trans>
      </span>
      <s aria-hidden="true">{before}</s> {after}
    </span>
  );
}

/**
 * Checkout's summary: each line at today's price, before and after a voucher (docs/vouchers.md#at-checkout), the
 * total, and what a gift card pays of it. `inLine` while the request waits: the live stock may already count it.
 */
export function CheckoutSummary({
  review,
  money: sums,
  currency,
  inLine,
}: {
  review: WishlistReview;
  money: CheckoutMoney;
  currency: string;
  inLine: boolean;
}) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const money = (minor: number) => formatMoney(fromMinorUnits(minor, currency), currency, locale);
  const code = sums.voucher?.code;
  return (
    <Paper component="section" aria-labelledby="checkout-summary" variant="outlined" sx={{ p: 3 }}>
      <Typography id="checkout-summary" variant="h2" gutterBottom>
        <Trans>Your order</Trans>
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {review.items.map(({ item, title, quantity, price, issues: all }) => {
          // While the request is in line its answer judges the stock: the live stock may already count this very
          // purchase (or others settled before it), and "sold out" beside what the buyer queued for misleads
          // (docs/behaviour.md#the-on-sale-rush).
          const issues = inLine ? all.filter((issue) => !STOCK_ISSUES.has(issue.kind)) : all;
          const lowered = sums.lowered[item.id];
          return (
            <Stack component="li" key={item.id} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
              <span>
                {quantity} × {title}
                {issues.length > 0 && (
                  <Typography component="span" color="warning" sx={{ marginInlineStart: 1 }}>
                    ({formatList(issues.map(issueLabel), locale, 'unit')})
                  </Typography>
                )}
              </span>
              {lowered === undefined ? (
                <span>{formatPrice(price * quantity, currency, locale)}</span>
              ) : (
                <LoweredPrice
                  before={formatPrice(price * quantity, currency, locale)}
                  after={formatPrice(fromMinorUnits(lowered * quantity, currency), currency, locale)}
                />
              )}
            </Stack>
          );
        })}
      </Stack>
      {sums.voucher && (
        <Row
          label={
            <Trans>
              Voucher <span style={{ whiteSpace: 'nowrap' }}>{code}</span>
            </Trans>
          }
        >
          <Typography data-testid="checkout-voucher">−{money(sums.voucher.off)}</Typography>
        </Row>
      )}
      {sums.tax && <OrderTaxLines tax={sums.tax} part="on-top" money={money} total={sums.total} />}
      <Row label={<Trans>Total</Trans>} bold>
        <Typography sx={{ fontWeight: 700 }} data-testid="checkout-total">
          {money(sums.total)}
        </Typography>
      </Row>
      {sums.tax && <OrderTaxLines tax={sums.tax} part="included" money={money} total={sums.total} />}
      {sums.giftCard && (
        <>
          <Row label={<Trans>Gift card</Trans>}>
            <Typography data-testid="checkout-gift-card">−{money(sums.giftCard.pays)}</Typography>
          </Row>
          <Row label={<Trans>Left to pay</Trans>} bold>
            <Typography sx={{ fontWeight: 700 }} data-testid="checkout-rest">
              {money(sums.giftCard.rest)}
            </Typography>
          </Row>
        </>
      )}
      {review.pricesChanged && (
        <Alert severity="info" sx={{ mt: 2 }}>
          <Trans>Some prices have changed since you added the items; the total uses today’s prices.</Trans>
        </Alert>
      )}
    </Paper>
  );
}
