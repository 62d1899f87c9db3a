/**
 * What other features may use of the tickets: what a status change does to them, and
 * how a typed code is read. Their panels (GuestTicketsPanel, MyTicketsPanel) are loaded lazily, on their own.
 */
export { ticketStatusChanges } from './orderStatus';
export { normaliseCode } from './ticketCode';
export { parseTicket, type Ticket } from './ticket';
