/**
 * The order behind an emailed link (docs/email.md#the-order-page): asked of trusted code with the link's secret
 * (POST /api/orders/link, functions/src/mail/endpoints.ts), since the rules let nobody read an order by a secret,
 * and kept on this device under its secret, so the link opens offline too, as tickets do.
 */
import { t } from '@lingui/core/macro';
import { isShopLanguage, type ShopLanguage } from '../../i18n/languages';
import { notify } from '../../lib/toast/notifier';
import { StorageSlot } from '../../state/storage';
import { isRecord } from '../../state/validation';
import {
  heldLine,
  ORDER_LINK_ENDPOINT,
  ORDER_STATUSES,
  parseBillingDetails,
  parseOrderVoucher,
  type BillingDetails,
  type OrderLine,
  type OrderStatus,
  type OrderVoucher,
} from '../orders';
import { parseIssuedCards, type IssuedCard } from '../giftcards/model';
import { parseOrderPayment, type OrderPayment } from '../payments/model';
import { parseOrderTaxRecord, type OrderTaxRecord } from '../taxes/model';
import {
  parseBillingChange,
  parseDocumentSummaries,
  type BillingChange,
  type DocumentSummary,
} from '../invoices/model';
import { parseHeldTickets, type HeldTicket } from './heldTickets';
import { keepTickets } from './myTickets';
import { checkCardPayment } from '../payments';

export interface LinkedOrder {
  ref: string;
  status: OrderStatus;
  created: number;
  lines: OrderLine[];
  total: number;
  name: string;
  email: string;
  tickets: HeldTicket[];
  /** The gift cards it issued, with what was left on each when it was fetched. */
  giftCards: IssuedCard[];
  /** Null for an order from before payments, or a copy kept on this device before they came. */
  payment: OrderPayment | null;
  /** The language the buyer ordered in; null for an order from before languages, or a copy kept from before. */
  language: ShopLanguage | null;
  /** The voucher it was placed with and what it took off (minor units); null for none. */
  voucher: OrderVoucher | null;
  /** Its tax as it was fixed when placed (docs/taxes.md#the-orders-tax); null for none, or a copy kept from before. */
  tax: OrderTaxRecord | null;
  /** Its invoices and credit notes (docs/invoices.md#sent-and-shown); none for a copy kept from before them. */
  documents: DocumentSummary[];
  /** The details its invoice is made out to, and whether the buyer may still change them. */
  billing: { details: BillingDetails | null; change: BillingChange };
}

/** Orders opened on this device, by secret, newest last; a few are plenty. */
const KEEP = 10;
const slot = new StorageSlot(
  () => window.localStorage,
  'linkedOrders',
  () =>
    notify({
      severity: 'warn',
      key: 'linked-order-storage',
      summary: t`Order not saved on this device`,
      detail: t`This browser does not let the shop keep your order for offline use: it shows while you are online.`,
      life: 8000,
    }),
);

const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The endpoint's answer (or what this device kept of it); null when it is not one. */
function parseLinkedOrder(raw: unknown): LinkedOrder | null {
  if (!isRecord(raw) || !isRecord(raw.order) || !Array.isArray(raw.tickets)) return null;
  const { order } = raw;
  if (!(ORDER_STATUSES as readonly unknown[]).includes(order.status) || !Array.isArray(order.lines)) return null;
  let tickets: HeldTicket[];
  try {
    tickets = parseHeldTickets(
      JSON.stringify({
        version: 1,
        tickets: raw.tickets.map((entry) => ({
          ...(isRecord(entry) ? entry : {}),
          guest: false,
          ...(typeof order.ref === 'string' ? { ref: order.ref } : {}),
        })),
      }),
    );
  } catch {
    return null;
  }
  const lines = order.lines.flatMap((line): OrderLine[] => {
    if (!isRecord(line) || typeof line.productId !== 'string' || typeof line.title !== 'string') return [];
    // Where its tickets are, read as a stored item is: a copy kept on this device before types names none.
    const { event, first } = heldLine(line.productId, line);
    return [
      {
        productId: line.productId,
        title: line.title,
        price: finite(line.price),
        quantity: finite(line.quantity),
        type: typeof line.type === 'string' && line.type !== '' ? line.type : null,
        event,
        first,
        ...(typeof line.listPrice === 'number' && line.listPrice > finite(line.price)
          ? { listPrice: line.listPrice }
          : {}),
      },
    ];
  });
  return {
    ref: typeof order.ref === 'string' ? order.ref : '',
    status: order.status as OrderStatus,
    created: finite(order.created),
    lines,
    total: finite(order.total),
    name: typeof order.name === 'string' ? order.name : '',
    email: typeof order.email === 'string' ? order.email : '',
    tickets,
    giftCards: parseIssuedCards(raw.giftCards),
    payment: parseOrderPayment(order.pay),
    language: isShopLanguage(order.language) ? order.language : null,
    voucher: parseOrderVoucher(order.voucher),
    tax: parseOrderTaxRecord(order.tax),
    documents: parseDocumentSummaries(raw.documents),
    billing: {
      details: parseBillingDetails(isRecord(raw.billing) ? raw.billing.details : null),
      change: parseBillingChange(isRecord(raw.billing) ? raw.billing.change : null),
    },
  };
}

function readSaved(): [string, unknown][] {
  try {
    const raw: unknown = JSON.parse(slot.read() ?? '[]');
    return Array.isArray(raw) ? raw.filter((e): e is [string, unknown] => Array.isArray(e) && e.length === 2) : [];
  } catch {
    return [];
  }
}

/** What this device kept of the order behind `secret`, if it opened it before. */
export function savedLinkedOrder(secret: string): LinkedOrder | null {
  const found = readSaved().find(([key]) => key === secret);
  return found ? parseLinkedOrder(found[1]) : null;
}

function save(secret: string, raw: unknown): void {
  const kept = readSaved().filter(([key]) => key !== secret);
  slot.write(JSON.stringify([...kept, [secret, raw]].slice(-KEEP)));
}

export type LinkedOrderResult = { kind: 'found'; order: LinkedOrder } | { kind: 'not-found' };

/** Asks trusted code for the order behind `secret`; throws when it cannot be asked (offline, server trouble). */
export async function fetchLinkedOrder(secret: string): Promise<LinkedOrderResult> {
  const response = await fetch(ORDER_LINK_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ secret }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 404) return { kind: 'not-found' };
  if (!response.ok) throw new Error(`the order could not be fetched (${response.status})`);
  const raw: unknown = await response.json();
  const order = parseLinkedOrder(raw);
  if (!order) throw new Error('the order could not be read');
  save(secret, raw);
  return { kind: 'found', order };
}

/** How long the order page follows a card payment the buyer came back from, and how often it asks. */
const FOLLOW_MS = 40_000;
const FOLLOW_EVERY_MS = 2_000;

/**
 * The buyer came back from paying by card: trusted code reads the payment back from the provider, and the order is
 * fetched again (`onOrder`) until it is no longer awaiting payment or FOLLOW_MS pass. Resolves to whether it was
 * seen settled; stops early when `signal` aborts.
 */
export async function followCardReturn(
  secret: string,
  onOrder: (order: LinkedOrder) => void,
  signal: AbortSignal,
): Promise<boolean> {
  await checkCardPayment(secret).catch(() => undefined);
  const end = Date.now() + FOLLOW_MS;
  while (!signal.aborted && Date.now() < end) {
    const result = await fetchLinkedOrder(secret).catch(() => null);
    if (signal.aborted) return false;
    if (result?.kind === 'found') {
      onOrder(result.order);
      if (result.order.payment?.state !== 'pending') return true;
    }
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_EVERY_MS));
  }
  return false;
}

/** "Add to Your tickets": the order's tickets join those this device keeps (and shows offline). */
export function addToYourTickets(order: LinkedOrder): void {
  keepTickets(order.tickets.map((held) => ({ ...held, guest: true })));
}
