import { describe, expect, it } from 'vitest';
import {
  decide,
  holderText,
  indexLists,
  placeText,
  withPlaces,
  type EventList,
} from '../../src/features/checkin/decide';
import {
  findConflicts,
  listFromDatabase,
  ordersToLookUp,
  parseLists,
  parseOutbox,
} from '../../src/features/checkin/doorStorage';

const code = (n: number) =>
  `AB1D-EFGH-JKMN-PQRS-TVWX-YZ01-${String(n)
    .padStart(4, '0')
    .replace(/[^0-9]/g, '0')}`;
const gig: EventList = {
  eventId: 'gig',
  title: 'Gig',
  syncedAt: 1,
  tickets: [
    { id: 'o1-0', uid: 'u1', code: code(1), holder: 'Bo', status: 'valid', due: null, checkin: null, type: 'VIP' },
    {
      id: 'o1-1',
      uid: 'u1',
      code: code(2),
      holder: 'Bo',
      status: 'valid',
      due: null,
      checkin: { at: 50, device: 'door-ab12' },
      type: null,
    },
    { id: 'o2-0', uid: 'u2', code: code(3), holder: 'Al', status: 'void', due: null, checkin: null, type: null },
  ],
  // o1 has a reference; o2 was placed before references.
  references: { o1: 'K7M4QXPR', o2: null },
};
const fair: EventList = {
  eventId: 'fair',
  title: 'Winter Fair',
  syncedAt: 1,
  tickets: [
    { id: 'o9-0', uid: 'u9', code: code(4), holder: 'Cy', status: 'valid', due: null, checkin: null, type: null },
  ],
  references: {},
};
const index = indexLists([gig, fair]);

describe('the door decision', () => {
  it('admits a valid ticket not yet checked in, typed any way', () => {
    expect(decide(code(1), 'gig', index)).toMatchObject({ kind: 'admitted', ticket: { id: 'o1-0', holder: 'Bo' } });
    expect(decide(` ${code(1).toLowerCase().replace(/-/g, ' ')} `, 'gig', index).kind).toBe('admitted');
  });

  it('names the holder with the ticket’s type where it has one', () => {
    expect(holderText(gig.tickets[0]!)).toBe('Bo · VIP');
    expect(holderText(gig.tickets[1]!)).toBe('Bo');
  });

  it('says which of its order’s tickets it is, and the order as the buyer’s tickets name it, never the ticket id', () => {
    const admitted = decide(code(1), 'gig', index);
    expect(admitted).toMatchObject({ place: { n: 0, of: 2, order: 'K7M4-QXPR' } });
    expect(placeText({ n: 0, of: 2, order: 'K7M4-QXPR' })).toBe('ticket 1 of 2 · order K7M4-QXPR');
    expect(decide(code(3), 'gig', index)).toMatchObject({ place: { n: 0, of: 1, order: 'o2' } });
    // An order the device has not looked up yet is not named: its id could hide a reference.
    expect(indexLists([fair]).get(code(4))?.place).toEqual({ n: 0, of: 1, order: null });
    expect(placeText({ n: 0, of: 1, order: null })).toBe('ticket 1 of 1');
    expect([...withPlaces(gig)][1]).toMatchObject({ ticket: { id: 'o1-1' }, place: { n: 1, of: 2 } });
    // Only the list's own references count, whatever an order is called.
    const odd = { ...fair, tickets: [{ ...fair.tickets[0]!, id: 'constructor-0' }] };
    expect([...withPlaces(odd)][0]!.place.order).toBeNull();
  });

  it('says already checked in, when and where', () => {
    expect(decide(code(2), 'gig', index)).toMatchObject({ kind: 'already', at: 50, device: 'door-ab12' });
  });

  it('refuses void tickets and tickets of another event (naming it)', () => {
    expect(decide(code(3), 'gig', index).kind).toBe('void');
    expect(decide(code(4), 'gig', index)).toEqual({ kind: 'other-event', title: 'Winter Fair' });
  });

  it('refuses a ticket whose order waits for its payment, and asks for the money of one to pay at the door', () => {
    const unpaid = { ...gig.tickets[0]!, id: 'o5-0', code: code(5), status: 'unpaid' as const };
    const atDoor = { ...gig.tickets[0]!, id: 'o6-0', code: code(6), due: 2500 };
    const paidBefore = { ...atDoor, id: 'o7-0', code: code(7), checkin: { at: 9, device: 'door-ab12' } };
    const door = indexLists([{ ...gig, tickets: [unpaid, atDoor, paidBefore] }]);
    expect(decide(code(5), 'gig', door)).toMatchObject({ kind: 'unpaid', ticket: { id: 'o5-0' } });
    expect(decide(code(6), 'gig', door)).toMatchObject({ kind: 'collect', amount: 2500, ticket: { uid: 'u1' } });
    // Checked in already: said so, whatever it owes.
    expect(decide(code(7), 'gig', door).kind).toBe('already');
  });

  it('answers plain unknown for anything else', () => {
    for (const input of [
      '',
      'garbage',
      code(9),
      'https://evil.example/?c=' + code(1),
      `<b>${code(1)}</b>`,
      'x'.repeat(1_000_000),
    ]) {
      expect(decide(input, 'gig', index)).toEqual({ kind: 'unknown', input });
    }
  });
});

describe('door storage', () => {
  it('round-trips lists and outbox, and refuses corrupt ones', () => {
    expect(parseLists(JSON.stringify({ gig }))).toEqual({ gig });
    const outbox = [
      { id: 's1', eventId: 'gig', ticket: 'o1-0', result: 'admitted', scanned: 5, device: 'door-ab12' },
      {
        id: 's2',
        eventId: 'gig',
        ticket: 'o6-0',
        result: 'admitted',
        scanned: 6,
        device: 'door-ab12',
        took: { uid: 'u6', order: 'o6', amount: 2500 },
      },
    ];
    expect(parseOutbox(JSON.stringify(outbox))).toEqual(outbox);
    // A list stored before the door kept references reads without them: they are looked up when online.
    const { references: _, ...older } = gig;
    expect(parseLists(JSON.stringify({ gig: older }))).toEqual({ gig: { ...gig, references: {} } });
    // A list stored before types reads as tickets of no type.
    const untyped = { ...gig, tickets: gig.tickets.map(({ type: _type, ...ticket }) => ticket) };
    expect(parseLists(JSON.stringify({ gig: untyped }))).toEqual({
      gig: { ...gig, tickets: gig.tickets.map((ticket) => ({ ...ticket, type: null })) },
    });
    for (const bad of [
      '{',
      '[]',
      JSON.stringify({ gig: { ...gig, eventId: 'other' } }),
      JSON.stringify({ gig: { ...gig, tickets: [{ id: 1 }] } }),
      JSON.stringify({ gig: { ...gig, references: [] } }),
      JSON.stringify({ gig: { ...gig, references: { o1: 7 } } }),
      JSON.stringify({ gig: { ...gig, references: { o1: 'x'.repeat(65) } } }),
    ]) {
      expect(() => parseLists(bad), bad).toThrow();
    }
    for (const bad of [
      '{}',
      JSON.stringify([{ ...outbox[0], result: 'maybe' }]),
      JSON.stringify([{ ...outbox[1], took: { uid: 'u6', order: 'o6', amount: 25.5 } }]),
      JSON.stringify([{ ...outbox[1], took: { order: 'o6', amount: 2500 } }]),
      JSON.stringify([null]),
    ]) {
      expect(() => parseOutbox(bad), bad).toThrow();
    }
  });

  it('reads the database list, leaving out what is not a ticket', () => {
    const list = listFromDatabase(
      'gig',
      'Gig',
      {
        a: { code: code(1), holder: 'Bo', status: 'valid', checkin: { scan: 's', device: 'd', at: 3 } },
        v: { code: code(2), holder: 'Cy', status: 'valid', line: 'gig-vip', type: 'VIP' },
        b: 'junk',
        c: { code: 5 },
      },
      9,
      { o1: 'K7M4QXPR' },
    );
    expect(list.references).toEqual({ o1: 'K7M4QXPR' });
    expect(list.tickets).toEqual([
      {
        id: 'a',
        uid: '',
        code: code(1),
        holder: 'Bo',
        status: 'valid',
        due: null,
        checkin: { at: 3, device: 'd' },
        type: null,
      },
      { id: 'v', uid: '', code: code(2), holder: 'Cy', status: 'valid', due: null, checkin: null, type: 'VIP' },
    ]);
  });

  it('names the orders whose reference the device has yet to look up, by their desk entry', () => {
    const raw = {
      'o1-0': { uid: 'u1', order: 'o1', code: code(1) },
      'o1-1': { uid: 'u1', order: 'o1', code: code(2) },
      'o2-0': { uid: 'u2', order: 'o2', code: code(3) },
      'o3-0': { uid: 'u3', order: 'o3', code: code(4) },
      'o4-0': { uid: 'u4~x', order: 'o4', code: code(5) },
      junk: 'x',
    };
    expect(ordersToLookUp(raw, { o2: null })).toEqual(
      new Map([
        ['u1~o1', 'o1'],
        ['u3~o3', 'o3'],
      ]),
    );
    expect(ordersToLookUp(null, {})).toEqual(new Map());
  });

  it('finds tickets admitted by more than one scan, marking the one the database kept', () => {
    const scans = {
      s1: { ticket: 'o1-0', device: 'door-a', result: 'admitted', scanned: 10 },
      s2: { ticket: 'o1-0', device: 'door-b', result: 'admitted', scanned: 12 },
      s3: { ticket: 'o1-1', device: 'door-a', result: 'admitted', scanned: 11 },
      s4: { ticket: 'o1-1', device: 'door-b', result: 'already', scanned: 13 },
    };
    expect(findConflicts(scans, new Map([['o1-0', 's2']]))).toEqual([
      {
        ticket: 'o1-0',
        scans: [
          { device: 'door-a', scanned: 10, first: false },
          { device: 'door-b', scanned: 12, first: true },
        ],
      },
    ]);
  });
});
