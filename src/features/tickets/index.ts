/**
 * What other features may use of the tickets: what a status change does to them, how a typed code is read, what a
 * holder's name may be (checkout asks one per ticket), and whether this device keeps any. Their panels
 * (GuestTicketsPanel, MyTicketsPanel) are loaded lazily, on their own.
 */
export { normaliseCode } from './ticketCode';
export { HOLDER_NAME_LIMIT, holderNameError, parseTicket, type Ticket } from './ticket';
export { ticketsKeptHere } from './keptTickets';
