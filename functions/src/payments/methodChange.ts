/**
 * Paying another way (docs/payments.md#paying-another-way): the holder of an order's secret link switches its
 * pending payment to another method the shop offers, for instance to a bank transfer while the card provider is
 * down. One atomic update moves the summary's method and hold (switchedHoldEnd: never longer than choosing the
 * method at checkout would have held it), the desk's hold, what its tickets say at the door, and queues the
 * confirmation again with the new instructions. A card payment already under way is left as it is: if the buyer
 * completes it after all, it is confirmed like any other (card.ts), so nothing paid is lost.
 */
import { paths } from '../../../src/firebase/paths';
import { deskKey, deskPaths } from '../../../src/features/orders/deskIndex';
import { orderMailIds, queuedMail } from '../../../src/features/orders/orderMail';
import { balanceDue } from '../../../src/features/payments/model/orderPayment';
import {
  firstEventStart,
  methodsFor,
  parsePaymentSettings,
  PAYMENT_METHODS,
  type PaymentMethod,
  switchedHoldEnd,
} from '../../../src/features/payments/model/paymentSettings';
import { isRecord } from '../../../src/state/validation';
import { type EndpointAnswer, jsonAnswer, refuseUnlessPost } from '../endpointAnswer';
import { itemsOf, ticketWrites } from './orderTickets';
import {
  type OrderOf,
  orderOfLink,
  paymentOf,
  type PaymentsDatabase,
  readForPayment,
  SERVER_TIME,
  updateUnlessRefused,
} from './settlePayment';

/** What asking to pay another way comes to. */
export type MethodChangeAnswer =
  | { kind: 'changed'; method: PaymentMethod; until: number | null }
  /** It is paid that way already. */
  | { kind: 'same' }
  /** The shop does not offer that method (any more). */
  | { kind: 'not-offered' }
  /** Nothing is owed. */
  | { kind: 'paid' }
  /** It lapsed, was cancelled, or the new method's hold would already be over. */
  | { kind: 'closed' }
  /** Changed by someone else meanwhile, again and again: ask again. */
  | { kind: 'busy' }
  | { kind: 'not-found' };

/** A hold with less left than this is no time to pay in. */
const LEAST_HOLD_LEFT_MS = 5 * 60_000;
/** Refused updates (the summary changed under the reading) are read and decided again this often. */
const TRIES = 3;

export function paymentMethodChanger(db: PaymentsDatabase, now: () => number = Date.now) {
  /** Decides from one reading; null when the update was refused (read again). */
  async function once(target: OrderOf, method: PaymentMethod): Promise<MethodChangeAnswer | null> {
    // The settings come with the order's first reading: one round trip, not two.
    const reading = await readForPayment(db, target, [paths.paymentSettings]);
    const settings = parsePaymentSettings(reading.more.get(paths.paymentSettings));
    const pay = paymentOf(reading);
    const order = reading.order;
    if (!pay || !isRecord(order)) return { kind: 'not-found' };
    if (pay.state === 'paid' || balanceDue(pay) === 0) return { kind: 'paid' };
    if (pay.state !== 'pending' || order.status === 'cancelled') return { kind: 'closed' };
    if (pay.method === method) return { kind: 'same' };
    if (!methodsFor(settings, balanceDue(pay), pay.currency).includes(method)) return { kind: 'not-offered' };
    const items = itemsOf(order);
    const dates = await db.readAll(items.map(({ productId }) => `${paths.product(productId)}/date`));
    const eventStart = firstEventStart(items.map(({ productId }) => dates.get(`${paths.product(productId)}/date`)));
    const at = now();
    const placed = typeof order.created === 'number' ? order.created : at;
    const until = switchedHoldEnd(method, settings, { placed, now: at }, eventStart, pay.until);
    if (until !== null && until - at < LEAST_HOLD_LEFT_MS) return { kind: 'closed' };
    const key = deskKey(target.uid, target.order);
    const orderPath = paths.order(target.uid, target.order);
    const v = pay.v + 1;
    const contact = isRecord(order.contact) ? order.contact : {};
    const update: Record<string, unknown> = {
      [`${orderPath}/pay/method`]: method,
      [`${orderPath}/pay/until`]: until,
      [`${orderPath}/pay/v`]: v,
      [`${deskPaths.order(key)}/hold`]: until,
      // At the door a ticket is valid, with what to take; otherwise it waits for the payment (unpaid).
      ...ticketWrites(
        target.order,
        items,
        (eventId) => reading.ticketed.has(eventId),
        method === 'door' ? { status: 'valid', due: balanceDue(pay) } : { status: 'unpaid', due: null },
      ),
      // The confirmation again, saying how to pay now (mail/compose.ts reads the order as it is when sent).
      ...(typeof contact.email === 'string'
        ? queuedMail(
            orderMailIds.methodChanged(target.order, v),
            { uid: target.uid, order: target.order, kind: 'confirmation', to: contact.email },
            SERVER_TIME,
          )
        : {}),
    };
    return (await updateUnlessRefused(db, update)) ? { kind: 'changed', method, until } : null;
  }

  return {
    async change(secret: string, method: PaymentMethod): Promise<MethodChangeAnswer> {
      const target = await orderOfLink(db, secret);
      if (!target) return { kind: 'not-found' };
      for (let tries = 0; tries < TRIES; tries++) {
        const answer = await once(target, method);
        if (answer) return answer;
      }
      return { kind: 'busy' };
    },
  };
}

export type PaymentMethodChanger = ReturnType<typeof paymentMethodChanger>;

/** POST /api/payments/method {secret, method}: the order page's "Pay another way". */
export async function paymentMethodRequest(
  changer: PaymentMethodChanger,
  httpMethod: string | undefined,
  body: unknown,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(httpMethod);
  if (refused) return refused;
  const secret = isRecord(body) && typeof body.secret === 'string' ? body.secret : '';
  const method = isRecord(body) ? body.method : undefined;
  if (!(PAYMENT_METHODS as readonly unknown[]).includes(method)) {
    return jsonAnswer(400, { error: `method must be one of ${PAYMENT_METHODS.join(', ')}` });
  }
  try {
    const answer = await changer.change(secret, method as PaymentMethod);
    if (answer.kind === 'not-found') return jsonAnswer(404, { error: 'no such order link' });
    if (answer.kind === 'busy') return jsonAnswer(409, answer, { 'Retry-After': '1' });
    return jsonAnswer(200, answer);
  } catch (error) {
    console.error('payment method:', error);
    return jsonAnswer(503, { error: 'The shop cannot change this now: try again shortly.' }, { 'Retry-After': '5' });
  }
}
