import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link } from '../../lib/Link';
import { newOrderId, placeOrder, resumeOrder, type PlacedOrder, type RequestProgress } from './placeOrder';
import { forgetRequest, pendingRequest, rememberRequest } from './pendingRequest';
import { formatEventTime } from '../../lib/format';
import { formatMoney, fromMinorUnits, toMinorUnits } from '../../lib/money';
import { useForm } from '../../lib/useForm';
import { notify } from '../../lib/toast/notifier';
import { shopLanguage } from '../../i18n/languages';
import { authAtom, cartAtom, languageAtom, siteAtom } from '../../state/atoms';
import { connectedAtom } from '../../state/liveAtoms';
import type { AuthState } from '../../state/types';
import { taxableLines, wishlist, useWishlistReview, type WishlistReview } from '../wishlist';
import { progressText } from './checkoutWords';
import { CheckoutFormFields } from './CheckoutForm';
import { checkoutBlock } from './checkoutBlock';
import { validateCheckout, type CheckoutFields } from './checkoutFields';
import { catalogueAtom, DEFAULT_MAX_PER_ORDER, heldForMeAtom } from '../catalogue';
import { billingDetails, MAX_OPEN_ORDERS, referenceOrId, type AttendeeNames, type BillingDetails } from '../orders';
import { BillingAtCheckout, billingFieldId, useBillingProblems } from '../invoices';
import { OrderProblem } from './order';
import { OrderConfirmation } from './OrderConfirmation';
import { NothingToCheckOut } from './NothingToCheckOut';
import { usePageTitle } from '../site';
import { paymentSettingsAtom } from '../payments';
import { methodsFor, offeredMethods, type PaymentMethod } from '../payments/model';
import { useLiveTaxSettings } from '../taxes';
import { reverseChargeFor, taxOfLines, taxOnTop } from '../taxes/model';
import {
  GiftCardAtCheckout,
  giftFieldId,
  GiftRecipientFields,
  useGiftRecipientProblems,
  type AppliedGiftCard,
} from '../giftcards';
import type { GiftRecipient } from '../giftcards/model';
import { PaymentChoice } from './PaymentChoice';
import { CheckoutSummary, type CheckoutMoney } from './CheckoutSummary';
import { forgetVoucher, keptVoucher, VoucherAtCheckout, type AppliedVoucher } from '../vouchers';
import { AttendeeFields } from './AttendeeFields';
import { attendeeErrors, attendeeFieldId, attendeeNames } from './attendees';

/** Each line's unit price with the voucher (minor units), where the voucher lowers it below today's price. */
function loweredLines(
  review: WishlistReview,
  voucher: AppliedVoucher | null,
  currency: string,
): Record<string, number> {
  if (!voucher) return {};
  return Object.fromEntries(
    review.items.flatMap(({ item, price }) => {
      const unit = voucher.prices[item.id];
      return unit !== undefined && unit < toMinorUnits(price, currency) ? [[item.id, unit]] : [];
    }),
  );
}

function prefill(auth: AuthState): CheckoutFields {
  const name = auth.authenticated ? [auth.firstname, auth.lastname].filter(Boolean).join(' ') : '';
  return { name, email: auth.authenticated ? (auth.email ?? '') : '', telephone: '', notes: '' };
}

/**
 * Checkout: the order at live prices, the buyer's details, how they pay (the methods the shop offers now) and
 * placing the order. Needs a connection to join the line; once in line, the buyer keeps their place
 * through a lost connection and gets the answer when it is back.
 */
export function CheckoutView() {
  const { t, i18n } = useLingui();
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const title = placed ? t`Order reserved` : t`Checkout`;
  usePageTitle(title);
  const { currency } = useAtomValue(siteAtom);
  const locale = i18n.locale;
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{title}</Typography>
      {placed ? (
        <OrderConfirmation placed={placed} currency={currency} locale={locale} />
      ) : (
        <CheckoutForm onPlaced={setPlaced} />
      )}
    </Stack>
  );
}

function CheckoutForm({ onPlaced }: { onPlaced: (placed: PlacedOrder) => void }) {
  const { t, i18n } = useLingui();
  const cart = useAtomValue(cartAtom);
  const auth = useAtomValue(authAtom);
  const language = useAtomValue(languageAtom);
  const connected = useAtomValue(connectedAtom);
  const setHeldForMe = useSetAtom(heldForMeAtom);
  const { currency, timezone } = useAtomValue(siteAtom);
  // Money and times in the reader's language, on the shop's clock.
  const locale = i18n.locale;
  const review = useWishlistReview();
  const catalogue = useAtomValue(catalogueAtom);
  const [progress, setProgress] = useState<RequestProgress | null>(null);
  const payments = useAtomValue(paymentSettingsAtom);
  // A gift card pays what it can (docs/gift-cards.md#paying-with-one); the buyer chooses how to pay the rest.
  const [giftCard, setGiftCard] = useState<AppliedGiftCard | null>(null);
  // Whom gift cards bought are for: the buyer (null) or someone they name (docs/gift-cards.md#selling-them).
  const buysGiftCards = review.items.some(({ product }) => product?.giftCard);
  const [gift, setGift] = useState<GiftRecipient | null>(null);
  const [tried, setTried] = useState(false);
  const giftProblems = useGiftRecipientProblems(buysGiftCards ? gift : null);
  // The invoice's company, address and VAT number, when the buyer gives them (docs/invoices.md#the-buyers-details).
  const [billing, setBilling] = useState<BillingDetails | null>(null);
  const billingProblems = useBillingProblems(billing);
  // A voucher lowers the lines it applies to (docs/vouchers.md#at-checkout); the allocator decides again.
  const [voucher, setVoucher] = useState<AppliedVoucher | null>(null);
  const wanted = Object.fromEntries(review.items.map(({ item, quantity }) => [item.id, quantity]));
  const lowered = loweredLines(review, voucher, currency);
  const amounts = taxableLines(review, currency, lowered);
  const linesMinor = amounts.reduce((sum, line) => sum + line.amount, 0);
  const off = toMinorUnits(review.total, currency) - linesMinor;
  // Its tax from the settings as they stand, with the module trusted code fixes the order's with
  // (docs/taxes.md#the-orders-tax): prices without tax put it on top of what is due; a business in another EU
  // country that gives its VAT number may be under reverse charge (docs/taxes.md#reverse-charge).
  const taxSettings = useLiveTaxSettings();
  const checkedBilling = billing && billingDetails(billing);
  const tax = taxSettings
    ? taxOfLines(amounts, taxSettings, currency, reverseChargeFor(taxSettings, checkedBilling))
    : null;
  const totalMinor = linesMinor + taxOnTop(tax);
  const fromCard = giftCard ? Math.min(giftCard.balance, totalMinor) : 0;
  // A free order has nothing for a card to pay: the card named stays out of its request.
  const rest = totalMinor - fromCard;
  // Card only for what is left to pay if the provider takes it (methodsFor): the allocator refuses any other.
  const offered = methodsFor(payments.settings, rest > 0 ? rest : totalMinor, currency);
  const cardLeftOut = offeredMethods(payments.settings).includes('card') && !offered.includes('card');
  // What the buyer sees chosen is their choice, the first offered until they pick: if the shop stops offering it
  // while they fill in the form, the first offered one takes its place and they are told.
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  if (payments.known && chosen === null) setChosen(offered[0]!);
  const method = chosen !== null && offered.includes(chosen) ? chosen : offered[0]!;
  // One id per order attempt, kept across retries and reloads, so an attempt whose answer was lost is never
  // placed twice.
  const orderId = useRef<string | null>(null);
  const lines = () => review.items.map(({ item, quantity, title }) => ({ productId: item.id, quantity, title }));
  // Who each ticket is for, where the event asks (docs/behaviour.md#attendee-names); checked before the request.
  const [typedNames, setTypedNames] = useState<AttendeeNames>({});
  const [nameErrors, setNameErrors] = useState<Record<string, (string | undefined)[]>>({});
  const named = review.items.flatMap(({ item, title, quantity, product }) =>
    product?.attendeeNames && product.date ? [{ productId: item.id, title, quantity }] : [],
  );

  /** Shows how an attempt ended; the attempt's id is kept only while the answer may still come. */
  async function follow(attempt: Promise<PlacedOrder | null>): Promise<void> {
    const done = () => {
      orderId.current = null;
      forgetRequest();
    };
    try {
      const result = await attempt;
      done();
      if (!result) return;
      onPlaced(result);
      wishlist.clearAfterOrder();
      // A voucher a link brought is used: the next order starts without it, nor the places it held.
      forgetVoucher();
      setHeldForMe(new Map());
      const reference = referenceOrId(result.ref, result.orderId);
      notify({ severity: 'success', summary: t`Order reserved`, detail: t`Reference ${reference}` });
    } catch (error) {
      // A problem (too few left, a limit, not what the wishlist holds) is the answer: the next attempt starts
      // afresh. Any other failure may have arrived, so the retry keeps the id and looks for its answer first.
      if (error instanceof OrderProblem) done();
      const message =
        error instanceof OrderProblem
          ? error.message
          : t`The order could not be placed. Your wishlist is unchanged; please try again.`;
      if (!(error instanceof OrderProblem)) console.error('Checkout failed:', error);
      notify({ severity: 'error', summary: t`Order not placed`, detail: message, life: 8000 });
    } finally {
      setProgress(null);
    }
  }

  // A request made before a reload keeps its place: its answer is picked up here.
  const resume = useEffectEvent(() => {
    const id = pendingRequest();
    if (!id || orderId.current) return;
    orderId.current = id;
    setProgress('in-line');
    void follow(resumeOrder(id, lines(), setProgress));
  });
  useEffect(() => resume(), []);

  const form = useForm<CheckoutFields>({
    initial: () => prefill(auth),
    validate: validateCheckout,
    idPrefix: 'checkout',
    async submit(fields) {
      const giftWrong = (['name', 'email'] as const).find((field) => giftProblems[field]);
      setTried(true);
      if (giftWrong) {
        document.getElementById(giftFieldId(giftWrong))?.focus();
        return null;
      }
      const billingWrong = (['company', 'address', 'country', 'vatId'] as const).find(
        (field) => billingProblems[field],
      );
      if (billingWrong) {
        document.getElementById(billingFieldId('checkout', billingWrong))?.focus();
        return null;
      }
      const wrong = attendeeErrors(attendeeNames(named, typedNames, fields.name));
      setNameErrors(wrong);
      const first = named.find(({ productId }) => wrong[productId]);
      if (first) {
        const n = wrong[first.productId]!.findIndex(Boolean);
        document.getElementById(attendeeFieldId(first.productId, n))?.focus();
        return null;
      }
      const names = attendeeNames(named, typedNames, fields.name);
      await follow(
        (async () => {
          orderId.current ??= await newOrderId();
          rememberRequest(orderId.current);
          return placeOrder(
            orderId.current,
            lines(),
            fields,
            {
              method,
              names,
              language: shopLanguage(language),
              ...(giftCard && fromCard > 0 ? { giftCard: giftCard.code } : {}),
              // As checked for these lines (it lowers or unlocks some), or not checked: the allocator decides again.
              // One a link brought whose check has not answered yet goes too: a buyer quicker than the check keeps
              // their voucher (a refused one is no longer kept).
              ...(voucher || keptVoucher() ? { voucher: voucher?.code ?? keptVoucher()! } : {}),
              ...(buysGiftCards && gift ? { gift } : {}),
              ...(checkedBilling ? { billing: checkedBilling } : {}),
              // What the buyer chose each such gift card to be worth (docs/gift-cards.md#an-amount-the-buyer-chooses).
              amounts: Object.fromEntries(
                review.items.flatMap(({ item, product }) => (product?.giftCard?.amount ? [[item.id, item.price]] : [])),
              ),
            },
            setProgress,
          );
        })(),
      );
      // The toasts above say how it went; the form itself has nothing more to show.
      return null;
    },
  });
  const total = formatMoney(fromMinorUnits(totalMinor, currency), currency, locale);
  const sums: CheckoutMoney = {
    total: totalMinor,
    voucher: voucher && off > 0 ? { code: voucher.code, off } : null,
    lowered,
    giftCard: giftCard ? { pays: fromCard, rest } : null,
    tax,
  };

  if (cart.products.length === 0) return <NothingToCheckOut />;

  // Once in line, a lost connection blocks nothing: the request keeps its place.
  const blockedReason = progress
    ? null
    : checkoutBlock({
        connected,
        online: navigator.onLine,
        catalogue: catalogue.source,
        blocked: review.blocked,
        payments: payments.known,
        taxes: taxSettings !== null,
        opens: review.opens === null ? null : formatEventTime(review.opens, locale, timezone),
      });

  return (
    <Stack spacing={3}>
      <CheckoutSummary review={review} money={sums} currency={currency} inLine={progress !== null} />

      <Paper
        component="form"
        noValidate
        aria-labelledby="checkout-details"
        variant="outlined"
        sx={{ p: 3 }}
        onSubmit={(event) => void form.onSubmit(event)}
      >
        <Typography id="checkout-details" variant="h2" gutterBottom>
          <Trans>Your details</Trans>
        </Typography>
        {!auth.authenticated && (
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            <Trans>No account needed.</Trans>
          </Typography>
        )}
        <Typography color="textSecondary" sx={{ mb: 2 }} data-testid="checkout-limits">
          <Trans>
            So that everyone gets a fair chance, one order holds at most the number shown for each item (usually{' '}
            {DEFAULT_MAX_PER_ORDER}), and one account can have up to {MAX_OPEN_ORDERS} orders waiting to be paid or
            collected at a time.
          </Trans>
        </Typography>
        <CheckoutFormFields form={form} />
        {named.length > 0 && (
          <AttendeeFields
            lines={named}
            names={attendeeNames(named, typedNames, form.fields.name)}
            errors={nameErrors}
            onChange={(productId, n, name) => {
              // Only the ticket typed in: the first of each line follows the buyer's name until it is typed in.
              const list = [...(typedNames[productId] ?? [])];
              list[n] = name;
              const typed = { ...typedNames, [productId]: list };
              setTypedNames(typed);
              if (nameErrors[productId]?.[n])
                setNameErrors(attendeeErrors(attendeeNames(named, typed, form.fields.name)));
            }}
          />
        )}
        {buysGiftCards && <GiftRecipientFields value={gift} onChange={setGift} shown={tried} />}
        <BillingAtCheckout value={billing} onChange={setBilling} shown={tried} />
        <VoucherAtCheckout
          lines={wanted}
          applied={voucher}
          onChange={setVoucher}
          disabled={form.busy || progress !== null}
        />
        {totalMinor > 0 && (
          <GiftCardAtCheckout
            total={totalMinor}
            currency={currency}
            applied={giftCard}
            onChange={setGiftCard}
            disabled={form.busy || progress !== null}
          />
        )}
        {payments.known && giftCard && rest === 0 && (
          <Typography sx={{ mb: 2 }} data-testid="payment-method">
            <Trans>The gift card pays all of it: nothing more to pay.</Trans>
          </Typography>
        )}
        {payments.known && !(giftCard && rest === 0) && (
          <Box sx={{ mt: 2 }}>
            <PaymentChoice
              offered={offered}
              settings={payments.settings}
              value={method}
              // Card left out for this total is said as such, not as the shop no longer offering it.
              replaced={chosen !== method && !(chosen === 'card' && cardLeftOut) ? chosen : null}
              cardLeftOut={cardLeftOut ? { currency } : null}
              onChange={setChosen}
            />
          </Box>
        )}
        {blockedReason && (
          <Alert
            severity="warning"
            sx={{ my: 2 }}
            action={
              review.blocked ? (
                <Button color="inherit" component={Link} to="/cart">
                  <Trans>Review wishlist</Trans>
                </Button>
              ) : undefined
            }
          >
            {blockedReason}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={form.busy || progress !== null || blockedReason !== null}
        >
          {progress === 'in-line' ? t`In line…` : form.busy ? t`Reserving…` : t`Reserve order · ${total}`}
        </Button>
        <Typography role="status" aria-live="polite" data-testid="order-progress" sx={{ mt: 2 }}>
          {progress ? progressText(progress, connected) : ''}
        </Typography>
      </Paper>
    </Stack>
  );
}
