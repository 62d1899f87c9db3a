/**
 * Correcting the name on a ticket (docs/tickets-and-check-in.md#correcting-a-name, issue 32): the holder of an order's secret
 * link changes the `holder` of one of its tickets until the event starts. The link needs no account, so the change
 * is trusted code's, like paying another way (payments/methodChange.ts); the rules let only the allocator's
 * identity change a holder, and never once the ticket is checked in.
 */
import { orderI18n, say } from '../language/orderLanguage';
import { paths } from '../../../src/firebase/paths';
import { holderChange, holderNameError, parseTicket, ticketId } from '../../../src/features/tickets/ticket';
import { isRecord } from '../../../src/state/validation';
import { type EndpointAnswer, jsonAnswer, refuseUnlessPost } from '../endpointAnswer';
import { itemsOf } from '../payments/orderTickets';
import { lineTicketNumbers } from '../../../src/features/orders/order';
import { type OrderOf, orderOfLink, type PaymentsDatabase, updateUnlessRefused } from '../payments/settlePayment';

/** What asking to change a ticket's name comes to. */
export type HolderChangeAnswer =
  | { kind: 'changed'; holder: string }
  /** The event has started (or its date cannot be read). */
  | { kind: 'started' }
  | { kind: 'checked-in' }
  /** The ticket is void, or its order cancelled. */
  | { kind: 'closed' }
  /** No such link, or the ticket is not one of its order's. */
  | { kind: 'not-found' };

/** Which ticket, and the name to put on it (trimmed, checked). */
interface HolderRequest {
  eventId: string;
  ticket: string;
  name: string;
}

/**
 * Whether `ticket` is one of the order's tickets of `eventId`: the ids are made from the order and the unit
 * (ticketId), so only an event the order holds and a number within one of its lines there can name one. This also
 * keeps what the request says out of any other database path.
 */
function ofOrder(order: unknown, orderId: string, eventId: string, ticket: string): boolean {
  const n = Number(ticket.slice(orderId.length + 1));
  if (!Number.isInteger(n) || ticketId(orderId, n) !== ticket) return false;
  return itemsOf(order).some((line) => line.event === eventId && lineTicketNumbers(line).includes(n));
}

export function ticketHolderChanger(db: PaymentsDatabase, now: () => number = Date.now) {
  /** Decides from one reading; null when the update was refused (checked in meanwhile: read again). */
  async function once(target: OrderOf, change: HolderRequest): Promise<HolderChangeAnswer | null> {
    const orderPath = paths.order(target.uid, target.order);
    const order = (await db.readAll([orderPath])).get(orderPath);
    if (!isRecord(order) || !ofOrder(order, target.order, change.eventId, change.ticket)) return { kind: 'not-found' };
    const ticketPath = paths.ticket(change.eventId, change.ticket);
    const datePath = `${paths.product(change.eventId)}/date`;
    const reads = await db.readAll([ticketPath, datePath]);
    const ticket = parseTicket(change.eventId, change.ticket, reads.get(ticketPath));
    if (!ticket || ticket.uid !== target.uid || ticket.order !== target.order) return { kind: 'not-found' };
    if (order.status === 'cancelled') return { kind: 'closed' };
    const state = holderChange(ticket, reads.get(datePath), now());
    if (state !== 'open') return { kind: state };
    const written = await updateUnlessRefused(db, { [`${ticketPath}/holder`]: change.name });
    return written ? { kind: 'changed', holder: change.name } : null;
  }

  return {
    async change(secret: string, change: HolderRequest): Promise<HolderChangeAnswer> {
      const target = await orderOfLink(db, secret);
      if (!target) return { kind: 'not-found' };
      // A refusal is a check-in that landed between the reading and the update: the second reading says so.
      const answer = (await once(target, change)) ?? (await once(target, change));
      if (!answer) throw new Error('the holder update was refused twice');
      return answer;
    },
  };
}

export type TicketHolderChanger = ReturnType<typeof ticketHolderChanger>;

/** The request's ticket and name, or what is wrong with it. */
function parseChange(body: unknown): HolderRequest | string {
  if (!isRecord(body)) return 'send {secret, event, ticket, name}';
  const { event, ticket, name } = body;
  if (typeof event !== 'string' || !event || typeof ticket !== 'string' || !ticket) {
    return 'event and ticket must name a ticket';
  }
  if (typeof name !== 'string') return 'name must be text';
  const problem = holderNameError(name);
  // The order page checks the same before it asks: this answer reaches only a caller that did not.
  return problem ? say(orderI18n(null), problem, problem.values) : { eventId: event, ticket, name: name.trim() };
}

/** POST /api/tickets/holder {secret, event, ticket, name}: the order page's "Change name" on a ticket. */
export async function ticketHolderRequest(
  changer: TicketHolderChanger,
  httpMethod: string | undefined,
  body: unknown,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(httpMethod);
  if (refused) return refused;
  const change = parseChange(body);
  if (typeof change === 'string') return jsonAnswer(400, { error: change });
  const secret = isRecord(body) && typeof body.secret === 'string' ? body.secret : '';
  try {
    const answer = await changer.change(secret, change);
    if (answer.kind === 'not-found') return jsonAnswer(404, { error: 'no such ticket on this order link' });
    return jsonAnswer(200, answer);
  } catch (error) {
    console.error('ticket holder:', error);
    return jsonAnswer(503, { error: 'The shop cannot change this now: try again shortly.' }, { 'Retry-After': '5' });
  }
}
