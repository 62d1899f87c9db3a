import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { formatMoment } from '../../../lib/format';
import { Link } from '../../../lib/Link';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { printAlone } from '../../../lib/mui/printAlone';
import { PRINTING_APART, printApart } from '../../../lib/mui/printChoice';
import { siteAtom } from '../../../state/atoms';
import { displayGiftCardCode, GIFT_CARD_PAGE_PATH, type IssuedCard } from '../model';

/** On paper: each card alone on its page, its code large, black on white (docs/gift-cards.md#selling-them). */
/* eslint-disable lingui/no-unlocalized-strings -- print styles: CSS values, not words */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        ...printAlone('.gift-card-print', `.${PRINTING_APART}`),
        '.gift-card-print .gift-card-print-hide': { display: 'none !important' },
        '.gift-card-print *': { color: '#000 !important', backgroundColor: 'transparent !important' },
        '.gift-card-print .gift-card': {
          breakAfter: 'page',
          breakInside: 'avoid',
          border: '2px solid #000',
          padding: '1.5cm 1cm',
          margin: '0 0 1cm',
          textAlign: 'center',
        },
        '.gift-card-print .gift-card:last-of-type': { breakAfter: 'auto' },
        '.gift-card-print .gift-card-code': { fontSize: '24pt' },
      },
    }}
  />
);
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * The gift cards an order issued, on its page: each code as people read it, its value, what is left and how long it
 * lasts, to print and give away. The codes are money: shown only to whoever holds the order's link.
 */
export function IssuedGiftCards({ cards, shopName }: { cards: readonly IssuedCard[]; shopName: string }) {
  const { i18n } = useLingui();
  const { timezone } = useAtomValue(siteAtom);
  const locale = i18n.locale;
  const money = (minor: number, currency: string) => formatMoney(fromMinorUnits(minor, currency), currency, locale);
  return (
    <section aria-labelledby="order-gift-cards" className="gift-card-print">
      {printStyles}
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}
        className="gift-card-print-hide"
      >
        <Typography id="order-gift-cards" variant="h2">
          <Trans>Gift cards</Trans>
        </Typography>
        <Button variant="outlined" onClick={printApart}>
          <Trans>Print gift cards</Trans>
        </Button>
      </Stack>
      <Typography sx={{ mb: 2 }} className="gift-card-print-hide">
        <Trans>
          Pay with a card at checkout, in whole or in part, by entering its code. Whoever has a code can spend it: give
          it only to whom you mean it for.
        </Trans>
      </Typography>
      <Stack spacing={2}>
        {cards.map((card) => {
          const value = money(card.value, card.currency);
          const left = money(card.balance, card.currency);
          const until = card.expires === null ? '' : formatMoment(card.expires, locale, timezone, 'deadline');
          const code = displayGiftCardCode(card.code);
          return (
            <Paper key={card.code} variant="outlined" className="gift-card" sx={{ p: { xs: 2, sm: 3 } }}>
              <Stack spacing={1}>
                <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
                  <Trans>
                    {shopName} gift card of {value}
                  </Trans>
                </Typography>
                <Typography
                  className="gift-card-code"
                  data-testid="gift-card-code"
                  sx={{ fontFamily: 'monospace', fontSize: { xs: '1.25rem', sm: '1.5rem' }, fontWeight: 700 }}
                >
                  {code}
                </Typography>
                <Typography>
                  {card.expires === null ? <Trans>Never expires.</Trans> : <Trans>Valid until {until}.</Trans>}{' '}
                  <span className="gift-card-print-hide">
                    <Trans>{left} left.</Trans>
                  </span>
                </Typography>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <Typography sx={{ mt: 2 }} className="gift-card-print-hide">
        <Link to={GIFT_CARD_PAGE_PATH}>
          <Trans>Check a gift card’s balance</Trans>
        </Link>
      </Typography>
    </section>
  );
}
