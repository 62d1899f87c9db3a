/**
 * An order with what its emails and its page show: the parsed order, its tickets, its events and the shop's
 * details, read by trusted code (the sender and the order-link endpoint) through its own connection.
 */
import { parseProduct, productIn, type Product } from '../../../src/features/catalogue/product';
import { parseOrder, type Order } from '../../../src/features/orders/order';
import { mainLanguage, type ShopLanguage } from '../../../src/i18n/languages';
import { typedTitle } from '../../../src/lib/typedTitle';
import { parseTicket, type Ticket } from '../../../src/features/tickets/ticket';
import { paths } from '../../../src/firebase/paths';
import { readSiteFields } from '../../../src/state/site';
import { parsePaymentSettings, type PaymentSettings } from '../../../src/features/payments/model/paymentSettings';
import type { SiteState } from '../../../src/state/types';
import { isRecord } from '../../../src/state/validation';
import type { IssuedCard } from '../../../src/features/giftcards/model/issuedCard';
import { readIssuedCards } from '../giftcards/orderCards';
import type { MailEvent } from './compose';

/** What trusted mail code needs of the database (adminMailDatabase.ts). */
export interface MailDatabase {
  read(path: string): Promise<unknown>;
  /** The children of tickets/{eventId} whose keys begin with `{orderId}-`. */
  ticketsOf(eventId: string, orderId: string): Promise<Map<string, unknown>>;
  /** Jobs of mailOutbox whose `next` is at most `now`, earliest first. */
  dueJobs(now: number, limit: number): Promise<{ id: string; raw: unknown }[]>;
  /** Staff messages to everyone booked (eventMessages) whose `expand` is at most `now`, earliest first. */
  dueMessages(now: number, limit: number): Promise<{ id: string; raw: unknown }[]>;
  /** The invoices and credit notes issued in [from, to) (`issued`, indexed), as [number, record]. */
  documentsIssued(from: number, to: number): Promise<[string, unknown][]>;
  /** The ids of the jobs of mailOutbox whose ids begin with `{messageId}-` (a message's emails). */
  jobsOf(messageId: string): Promise<string[]>;
  /**
   * Changes the record at `path` (a job, a message) atomically (compare and set): `change` gets the current value
   * and returns the new one, or undefined to leave it. Resolves to whether it was changed. A record that is not
   * there is left alone (change is not asked) unless `create` says it may be made.
   */
  transact(path: string, change: (current: unknown) => unknown, options?: { create?: boolean }): Promise<boolean>;
  update(update: Record<string, unknown>): Promise<void>;
}

/** An order, the secret of its page (null before order links), and the shop: what every email of it needs. */
export interface OrderAndShop {
  order: Order;
  link: string | null;
  shop: SiteState;
  /** The shop's payment settings: where a transfer is paid to. */
  payments: PaymentSettings;
}

export interface OrderData extends OrderAndShop {
  tickets: Ticket[];
  events: Map<string, MailEvent>;
  /** The gift cards it issued once paid (docs/gift-cards.md#selling-them). */
  giftCards: IssuedCard[];
}

/** Reads a product once per order read, however many of its lines and events name it; null when gone or unusable. */
type ProductReader = (id: string) => Promise<Product | null>;

function productReader(db: MailDatabase): ProductReader {
  const read = new Map<string, Promise<Product | null>>();
  return (id) => {
    let product = read.get(id);
    if (!product) {
      product = db.read(paths.product(id)).then((raw) => {
        const parsed = parseProduct(id, raw);
        return 'product' in parsed ? parsed.product : null;
      });
      read.set(id, product);
    }
    return product;
  };
}

/**
 * The order's lines named in its language: a line whose product the organiser translated into it takes the
 * translated title and type (docs/languages.md#organiser-content); the others keep the title stored when it was
 * placed, in the shop's main language.
 */
async function linesInLanguage(products: ProductReader, order: Order, main: ShopLanguage): Promise<Order> {
  const language = order.language;
  if (language === null || language === main) return order;
  const ids = [...new Set(order.lines.map((line) => line.productId))];
  const read = await Promise.all(ids.map(async (id) => [id, await products(id)] as const));
  const translated = new Map<string, Product>(
    read.flatMap(([id, product]) =>
      product?.translations[language] ? [[id, productIn(product, language, main)]] : [],
    ),
  );
  const lines = order.lines.map((line) => {
    const product = translated.get(line.productId);
    return product ? { ...line, title: typedTitle(product.title, product.typeName), type: product.typeName } : line;
  });
  return { ...order, lines };
}

/** The order a secret link opens (orderLinks/{secret}), or null when it names none. */
export async function orderOfLink(
  read: (path: string) => Promise<unknown>,
  secret: string,
): Promise<{ uid: string; order: string } | null> {
  const named = await read(paths.orderLink(secret));
  return isRecord(named) && typeof named.uid === 'string' && typeof named.order === 'string'
    ? { uid: named.uid, order: named.order }
    : null;
}

/** The order at orders/{uid}/{orderId} and the shop, in one read each; null when there is no such order. */
export async function readOrderAndShop(
  db: MailDatabase,
  uid: string,
  orderId: string,
  products: ProductReader = productReader(db),
): Promise<OrderAndShop | null> {
  const [raw, properties, payments] = await Promise.all([
    db.read(paths.order(uid, orderId)),
    db.read(paths.properties),
    db.read(paths.paymentSettings),
  ]);
  const parsed = parseOrder(uid, orderId, raw);
  if (!parsed) return null;
  const link = isRecord(raw) && typeof raw.link === 'string' ? raw.link : null;
  const shop = readSiteFields(isRecord(properties) ? properties : null).site;
  return {
    order: await linesInLanguage(products, parsed, mainLanguage(shop.locale)),
    link,
    shop,
    payments: parsePaymentSettings(payments),
  };
}

/**
 * The order at orders/{uid}/{orderId} with its tickets, gift cards, events and the shop; null when there is no such
 * order.
 */
export async function readOrderData(db: MailDatabase, uid: string, orderId: string): Promise<OrderData | null> {
  const products = productReader(db);
  const [found, giftCards] = await Promise.all([
    readOrderAndShop(db, uid, orderId, products),
    readIssuedCards((path) => db.read(path), uid, orderId),
  ]);
  if (!found) return null;
  const { order, shop } = found;
  // The types of one event share its tickets: each event is read once, under its own product (the group's first).
  const eventIds = [...new Set(order.lines.map((line) => line.event))];
  const main = mainLanguage(shop.locale);
  const perEvent = await Promise.all(
    eventIds.map(async (eventId) => {
      const product = await products(eventId);
      const stored = product && productIn(product, order.language ?? main, main);
      const event: MailEvent = {
        title: stored?.title ?? order.lines.find((line) => line.event === eventId)!.title,
        date: stored?.date ?? null,
        venue: stored?.venue ?? null,
      };
      const found = await db.ticketsOf(eventId, orderId);
      const tickets = [...found].flatMap(([id, value]) => {
        const ticket = parseTicket(eventId, id, value);
        return ticket && ticket.uid === uid && ticket.order === orderId ? [ticket] : [];
      });
      return { eventId, event, tickets: tickets.sort((a, b) => a.n - b.n) };
    }),
  );
  const events = new Map(perEvent.filter((e) => e.tickets.length > 0).map((e) => [e.eventId, e.event]));
  // A ticket names its type as its line does, in the order's language where the organiser translated it.
  const typeOf = new Map(order.lines.map((line) => [line.productId, line.type]));
  const tickets = perEvent
    .flatMap((e) => e.tickets)
    .map((ticket) => ({
      ...ticket,
      type: typeOf.get(ticket.line) ?? ticket.type,
    }));
  return { ...found, tickets, events, giftCards };
}
