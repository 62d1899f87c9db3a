import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useReducer, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../lib/Link';
import type { ShopLanguage } from '../../i18n/languages';
import { formatMoney, fromMinorUnits } from '../../lib/money';
import { formatPrice } from '../../lib/price';
import { pageLanguageAtom, siteAtom } from '../../state/atoms';
import { displayReference, STATUS_LABELS } from '../orders';
import { onlineAtom } from '../pwa';
import { IssuedGiftCards } from '../giftcards';
import { InvoiceDetails, OrderDocumentsList } from '../invoices';
import { OrderPaymentSummary, returningSecret } from '../payments';
import { TaxedTotal } from '../taxes';
import {
  addToYourTickets,
  fetchLinkedOrder,
  followCardReturn,
  savedLinkedOrder,
  type LinkedOrder,
} from './linkedOrder';
import { TicketList } from './TicketList';

type View =
  | { kind: 'loading' }
  | { kind: 'found'; order: LinkedOrder; saved: boolean }
  | { kind: 'not-found' }
  | { kind: 'unreachable' };

/** The secret after "#": it never reaches a server's logs (orderLink.ts). */
const secretOf = (hash: string) => decodeURIComponent(hash.replace(/^#/, '')).trim();

/** Where a card payment the buyer came back from stands on the page. */
type CardFollow = 'confirming' | 'confirmed' | 'unconfirmed' | 'cancelled' | null;

/**
 * The order page behind the emailed link: the order and its tickets for whoever holds the link, also offline once
 * opened here, and "Add to Your tickets". Back from the card provider (`cardReturn`), the link's secret is this
 * tab's (paying/cardPayment.ts) and the page follows the payment until it is confirmed. Loaded on its own, with the
 * QR encoder.
 */
export default function LinkedOrderPanel({
  hash,
  cardReturn = null,
}: {
  hash: string;
  cardReturn?: 'paid' | 'cancelled' | null;
}) {
  // Kept from the first render: the address loses ?card= once it is the order's own again.
  const [back] = useState(() => ({
    from: cardReturn,
    secret: cardReturn && !secretOf(hash) ? (returningSecret() ?? '') : '',
  }));
  const secret = secretOf(hash) || back.secret;
  const navigate = useNavigate();
  const online = useAtomValue(onlineAtom);
  // Bumped to fetch the order again (its payment method, or a name on a ticket, changed on this page).
  const [fetches, refetch] = useReducer((count: number) => count + 1, 0);
  const [view, setView] = useState<View>(() => {
    if (!secret) return { kind: 'not-found' };
    const saved = savedLinkedOrder(secret);
    return saved ? { kind: 'found', order: saved, saved: true } : { kind: 'loading' };
  });
  const [follow, setFollow] = useState<CardFollow>(
    back.from === 'paid' ? 'confirming' : back.from === 'cancelled' ? 'cancelled' : null,
  );
  // The page's own address again (/order#secret), so that reloading or bookmarking it opens the order.
  useEffect(() => {
    if (back.secret) void navigate({ pathname: '/order', hash: back.secret }, { replace: true });
  }, [back, navigate]);
  useEffect(() => {
    if (!secret || back.from !== 'paid') return;
    const stop = new AbortController();
    void followCardReturn(secret, (order) => setView({ kind: 'found', order, saved: false }), stop.signal).then(
      (settled) => {
        if (!stop.signal.aborted) setFollow(settled ? 'confirmed' : 'unconfirmed');
      },
    );
    return () => stop.abort();
  }, [secret, back]);
  useEffect(() => {
    if (!secret) return;
    let current = true;
    fetchLinkedOrder(secret).then(
      (result) => {
        if (current) setView(result.kind === 'found' ? { ...result, saved: false } : result);
      },
      () => {
        if (current) setView((before) => (before.kind === 'found' ? before : { kind: 'unreachable' }));
      },
    );
    return () => {
      current = false;
    };
  }, [secret, online, fetches]);

  useOrderLanguage(view.kind === 'found' ? view.order.language : null);

  if (view.kind === 'loading') return <OpeningOrder />;
  if (view.kind === 'not-found' || view.kind === 'unreachable') {
    return (
      <Alert severity={view.kind === 'not-found' ? 'warning' : 'info'}>
        {view.kind === 'not-found' ? (
          <Trans>
            This link does not open an order. Check that you opened the whole link from the email, or ask for it again
            with “Find my order”.
          </Trans>
        ) : (
          <Trans>
            Your order cannot be fetched right now (are you offline?). It opens here once you are online again.
          </Trans>
        )}{' '}
        <Link to="/login">
          <Trans>Find my order</Trans>
        </Link>
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      {follow && <CardFollowNote follow={follow} />}
      <OrderView order={view.order} saved={view.saved} online={online} secret={secret} refetch={refetch} />
    </Stack>
  );
}

/**
 * The order page speaks its order's language to a visitor who has chosen none, as its emails do: a link opened on
 * another device reads as the email did (docs/languages.md#the-order-page). Only while the page shows.
 */
function useOrderLanguage(language: ShopLanguage | null): void {
  const setPageLanguage = useSetAtom(pageLanguageAtom);
  useEffect(() => {
    setPageLanguage(language);
    return () => setPageLanguage(null);
  }, [language, setPageLanguage]);
}

/** Shown while the order (or the page's own code) is on its way. */
function OpeningOrder() {
  return (
    <Typography role="status">
      <Trans>Opening your order…</Trans>
    </Typography>
  );
}

const FOLLOW_NOTES: Record<
  NonNullable<CardFollow>,
  { severity: 'info' | 'success' | 'warning'; text: MessageDescriptor }
> = {
  confirming: { severity: 'info', text: msg`Confirming your card payment…` },
  confirmed: {
    severity: 'success',
    text: msg`Your card payment is confirmed. Your tickets are below and on their way by email.`,
  },
  unconfirmed: {
    severity: 'info',
    text: msg`Your card payment is still being confirmed. Once it is, you get an email with your tickets; this page shows them too.`,
  },
  cancelled: {
    severity: 'warning',
    text: msg`You left the payment page without paying. You can pay below while the order is held.`,
  },
};

function CardFollowNote({ follow }: { follow: NonNullable<CardFollow> }) {
  const { i18n } = useLingui();
  const { severity, text } = FOLLOW_NOTES[follow];
  return (
    <Alert severity={severity} role="status">
      {i18n._(text)}
    </Alert>
  );
}

function OrderView({
  order,
  saved,
  online,
  secret,
  refetch,
}: {
  order: LinkedOrder;
  saved: boolean;
  online: boolean;
  secret: string;
  /** Fetches the order again (its payment, or a name on a ticket, changed). */
  refetch: () => void;
}) {
  const { currency, name: shopName } = useAtomValue(siteAtom);
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [added, setAdded] = useState(false);
  const ref = order.ref ? displayReference(order.ref) : '';
  // The buyer's words as elements, never strings inside a message: Lingui reads tags in a string (docs/languages.md).
  const buyer = <>{order.name}</>;
  const email = <>{order.email}</>;
  const total = formatMoney(order.total, currency, locale);
  // What a voucher took off, if anything: the lines above are at the prices paid, each with the catalogue's beside it.
  const voucher = order.voucher && order.voucher.off > 0 ? order.voucher : null;
  const voucherCode = voucher ? <span style={{ whiteSpace: 'nowrap' }}>{voucher.code}</span> : null;
  const minor = (amount: number) => formatMoney(fromMinorUnits(amount, currency), currency, locale);
  const voucherOff = voucher ? minor(voucher.off) : '';
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={1.5}>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
          >
            <Typography variant="h2">
              <Trans>
                Order <span data-testid="order-reference">{ref}</span>
              </Trans>
            </Typography>
            {/* "Pending" is the shop's own step; with a payment below saying where the order stands, it only
                confused ("Pending" above "Paid"): docs/payments.md#an-orders-payment-on-screen. */}
            {!(order.status === 'pending' && order.payment) && (
              <Chip variant="outlined" label={i18n._(STATUS_LABELS[order.status])} />
            )}
          </Stack>
          <Typography color="textSecondary">
            {order.payment ? (
              <Trans>
                For {buyer} ({email}).
              </Trans>
            ) : (
              <Trans>
                For {buyer} ({email}). Pay at the event or when you collect.
              </Trans>
            )}
          </Typography>
          {order.status === 'cancelled' && (
            <Alert severity="warning">
              <Trans>This order was cancelled: its tickets are void and admit nobody.</Trans>
            </Alert>
          )}
          <Stack component="ul" sx={{ paddingInlineStart: 3, m: 0 }}>
            {order.lines.map((line) => (
              <li key={line.productId}>
                <OrderLineText
                  line={line}
                  price={formatPrice(line.price, currency, locale)}
                  before={line.listPrice === undefined ? null : formatPrice(line.listPrice, currency, locale)}
                />
              </li>
            ))}
          </Stack>
          {voucher && (
            <Typography data-testid="order-voucher">
              <Trans>
                Voucher {voucherCode}: {voucherOff} off
              </Trans>
            </Typography>
          )}
          <TaxedTotal tax={order.tax} orderTotal={order.total} money={minor}>
            <Typography sx={{ fontWeight: 700 }}>
              <Trans>Total {total}</Trans>
            </Typography>
          </TaxedTotal>
          {order.payment && (
            <OrderPaymentSummary
              payment={order.payment}
              reference={ref}
              cancelled={order.status === 'cancelled'}
              secret={secret}
              onMethodChanged={refetch}
            />
          )}
        </Stack>
      </Paper>
      {order.tickets.length > 0 && (
        <section aria-labelledby="linked-tickets">
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}
          >
            <Typography id="linked-tickets" variant="h2">
              <Trans>Tickets</Trans>
            </Typography>
            <Button
              variant="contained"
              disabled={added}
              onClick={() => {
                addToYourTickets(order);
                setAdded(true);
              }}
            >
              {added ? <Trans>Added to Your tickets</Trans> : <Trans>Add to Your tickets</Trans>}
            </Button>
          </Stack>
          {added && (
            <Typography role="status" sx={{ mb: 1 }}>
              <Trans>They are under “Your tickets” on this device now, also offline.</Trans>
            </Typography>
          )}
          <TicketList
            tickets={order.tickets}
            refresh={saved ? 'idle' : 'done'}
            online={online}
            correction={{ secret, onChanged: refetch }}
          />
        </section>
      )}
      {order.giftCards.length > 0 && <IssuedGiftCards cards={order.giftCards} shopName={shopName} />}
      <OrderDocumentsList secret={secret} documents={order.documents} />
      <InvoiceDetails
        secret={secret}
        billing={order.billing}
        invoiced={order.documents.length > 0}
        onChanged={refetch}
      />
    </Stack>
  );
}

/** "2 × Harbour Jazz Night, £18.00 each": the title as an element, since it is the organiser's (docs/languages.md). */
function OrderLineText({
  line,
  price,
  before,
}: {
  line: LinkedOrder['lines'][number];
  price: string;
  /** The catalogue's price, when a voucher lowered it (docs/vouchers.md#on-the-order). */
  before: string | null;
}) {
  const title = <>{line.title}</>;
  const quantity = line.quantity;
  if (before !== null) {
    return line.price === 0 ? (
      <Trans>
        {quantity} × {title}, free with the voucher (was {before} each)
      </Trans>
    ) : (
      <Trans>
        {quantity} × {title}, {price} each with the voucher (was {before} each)
      </Trans>
    );
  }
  return line.price === 0 ? (
    <Trans>
      {quantity} × {title}, free
    </Trans>
  ) : (
    <Trans>
      {quantity} × {title}, {price} each
    </Trans>
  );
}
