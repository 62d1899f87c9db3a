import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  mergeHeldTickets,
  parseHeldTickets,
  serialiseHeldTickets,
  type HeldTicket,
} from '../../src/features/tickets/heldTickets';
import { eventCalendar } from '../../src/features/tickets/ics';
import { newTicketCode, normaliseCode } from '../../src/features/tickets/ticketCode';
import { holderChange, holderNameError } from '../../src/features/tickets/ticket';

const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){6}$/;

describe('ticket codes', () => {
  it('are 28 base32 characters in groups of four, different every time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newTicketCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(CODE_SHAPE);
  });

  it('use every random bit: all-zero bytes give all zeros, all-one bytes the last character', () => {
    expect(newTicketCode((b) => b.fill(0))).toBe('0000-0000-0000-0000-0000-0000-0000');
    expect(newTicketCode((b) => b.fill(255))).toBe('ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
  });

  it('are read back from typing with spaces, lowercase, no hyphens and look-alike letters', () => {
    const code = 'AB1D-EFGH-JKMN-PQRS-TVWX-YZ01-2345';
    expect(normaliseCode(code)).toBe(code);
    expect(normaliseCode(' ab1d efgh jkmn pqrs tvwx yz01 2345 ')).toBe(code);
    expect(normaliseCode('ABLDEFGHJKMNPQRSTVWXYZO12345')).toBe(code);
    expect(normaliseCode('abId-efgh-jkmn-pqrs-tvwx-yzo1-2345')).toBe(code);
  });

  it('refuse anything else: garbage, too short or long, URLs, markup, other alphabets, huge input', () => {
    for (const input of [
      '',
      'hello',
      'AB1D-EFGH-JKMN-PQRS-TVWX-YZ01-234',
      'AB1D-EFGH-JKMN-PQRS-TVWX-YZ01-23456',
      'https://example.com/t/AB1DEFGHJKMNPQRSTVWXYZ012345',
      '<img src=x onerror=alert(1)>',
      'AB1D-EFGH-JKMN-PQRS-TVWX-YZ01-234U',
      'ÄB1D-EFGH-JKMN-PQRS-TVWX-YZ01-2345',
      'A'.repeat(100_000),
      '{"code":"x"}',
    ]) {
      expect(normaliseCode(input), input.slice(0, 40)).toBeNull();
    }
  });
});

const held = (id: string, extra: Partial<HeldTicket['ticket']> = {}, guest = false): HeldTicket => ({
  ticket: {
    eventId: 'gig',
    id,
    uid: 'u1',
    order: 'o1',
    n: 0,
    code: 'AB1D-EFGH-JKMN-PQRS-TVWX-YZ01-2345',
    holder: 'Bo',
    status: 'valid',
    due: null,
    created: 1,
    checkin: null,
    line: 'gig',
    type: null,
    ...extra,
  },
  event: { title: 'Gig', date: '2027-01-15T19:00:00Z', venue: 'Hall', timeZone: 'Europe/London', price: 18 },
  guest,
});

describe('tickets kept on the device', () => {
  it('round-trip through storage', () => {
    const list = [held('o1-0'), held('o1-1', { n: 1, checkin: { scan: 's1', device: 'd1', at: 5 } }, true)];
    expect(parseHeldTickets(serialiseHeldTickets(list))).toEqual(list);
  });

  it('keep their order’s reference, drop one that is not a reference, and keep it when newer news lacks it', () => {
    const withRef = { ...held('o1-0'), ref: 'K7M4QXPR' };
    expect(parseHeldTickets(serialiseHeldTickets([withRef]))).toEqual([withRef]);
    const forged = JSON.stringify({ version: 1, tickets: [{ ...held('o1-0'), ref: '<script>' }] });
    expect(parseHeldTickets(forged)[0]).not.toHaveProperty('ref');
    expect(mergeHeldTickets([withRef], [held('o1-0')])[0]!.ref).toBe('K7M4QXPR');
  });

  it('refuse corrupt or foreign values as a whole', () => {
    for (const text of [
      'not json',
      'null',
      '[]',
      '{"version":2,"tickets":[]}',
      '{"version":1,"tickets":[{"ticket":{}}]}',
      JSON.stringify({ version: 1, tickets: [{ ...held('o1-0'), guest: 'yes' }] }),
    ]) {
      expect(() => parseHeldTickets(text), text).toThrow();
    }
  });

  it('merge newer news over stored tickets and keep a guest purchase a guest one', () => {
    const merged = mergeHeldTickets(
      [held('o1-0', {}, true)],
      [held('o1-0', { status: 'void' }), held('o1-1', { n: 1 })],
    );
    expect(merged.map((h) => [h.ticket.id, h.ticket.status, h.guest])).toEqual([
      ['o1-0', 'void', true],
      ['o1-1', 'valid', false],
    ]);
  });
});

describe('correcting the name on a ticket', () => {
  const START = Date.parse('2027-01-15T19:00:00Z');
  const valid = { status: 'valid', checkin: null } as const;

  it('is open until the event starts, for a ticket neither void nor checked in', () => {
    expect(holderChange(valid, '2027-01-15T19:00:00Z', START - 1)).toBe('open');
    expect(holderChange({ ...valid, status: 'unpaid' }, START, START - 1)).toBe('open');
    expect(holderChange(valid, '2027-01-15T19:00:00Z', START)).toBe('started');
    expect(holderChange(valid, START, START + 1)).toBe('started');
    // A date nobody can read: nobody can say the event has not started.
    for (const date of [undefined, null, '', 'soon', 1_700]) expect(holderChange(valid, date, 0)).toBe('started');
    expect(holderChange({ ...valid, status: 'void' }, START, 0)).toBe('closed');
    expect(holderChange({ ...valid, checkin: { scan: 's', device: 'd', at: 1 } }, START, 0)).toBe('checked-in');
  });

  it('takes a name of 1 to 200 characters once trimmed, as the rules do', () => {
    expect(holderNameError('  Sam Lee ')).toBeUndefined();
    expect(holderNameError(` ${'x'.repeat(200)} `)).toBeUndefined();
    expect(i18n._(holderNameError('   ')!)).toBe('Please enter who this ticket is for.');
    expect(i18n._(holderNameError('x'.repeat(201))!)).toBe('Please keep this under 200 characters.');
  });
});

describe('eventCalendar', () => {
  const ics = eventCalendar({
    uid: 'gig-o1@shop',
    title: 'Jazz, wine; and\nmore \\ fun',
    start: new Date('2027-01-15T19:00:00Z'),
    location: 'Hall 1, Harbour',
    stamp: new Date('2026-11-23T10:00:00.123Z'),
    description: 'x'.repeat(200),
    url: 'https://shop.test/login',
  });

  it('is valid iCalendar: CRLF lines, required properties, UTC times', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('UID:gig-o1@shop');
    expect(lines).toContain('DTSTAMP:20261123T100000Z');
    expect(lines).toContain('DTSTART:20270115T190000Z');
    // No end is made up: the shop's events have none.
    expect(ics).not.toContain('DTEND');
    expect(lines).toContain('URL:https://shop.test/login');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('escapes text and folds long lines at 75 octets', () => {
    expect(ics).toContain('SUMMARY:Jazz\\, wine\\; and\\nmore \\\\ fun');
    expect(ics).toContain('LOCATION:Hall 1\\, Harbour');
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DESCRIPTION:${'x'.repeat(200)}`);
  });
});
