import { describe, expect, it } from 'vitest';
import { decide, indexLists, type EventList } from '../../src/features/checkin/decide';
import { findConflicts, listFromDatabase, parseLists, parseOutbox } from '../../src/features/checkin/doorStorage';

const code = (n: number) =>
  `AB1D-EFGH-JKMN-PQRS-TVWX-YZ01-${String(n)
    .padStart(4, '0')
    .replace(/[^0-9]/g, '0')}`;
const gig: EventList = {
  eventId: 'gig',
  title: 'Gig',
  syncedAt: 1,
  tickets: [
    { id: 'o1-0', code: code(1), holder: 'Bo', status: 'valid', checkin: null },
    { id: 'o1-1', code: code(2), holder: 'Bo', status: 'valid', checkin: { at: 50, device: 'door-ab12' } },
    { id: 'o2-0', code: code(3), holder: 'Al', status: 'void', checkin: null },
  ],
};
const fair: EventList = {
  eventId: 'fair',
  title: 'Winter Fair',
  syncedAt: 1,
  tickets: [{ id: 'o9-0', code: code(4), holder: 'Cy', status: 'valid', checkin: null }],
};
const index = indexLists([gig, fair]);

describe('the door decision', () => {
  it('admits a valid ticket not yet checked in, typed any way', () => {
    expect(decide(code(1), 'gig', index)).toMatchObject({ kind: 'admitted', ticket: { id: 'o1-0', holder: 'Bo' } });
    expect(decide(` ${code(1).toLowerCase().replace(/-/g, ' ')} `, 'gig', index).kind).toBe('admitted');
  });

  it('says already checked in, when and where', () => {
    expect(decide(code(2), 'gig', index)).toMatchObject({ kind: 'already', at: 50, device: 'door-ab12' });
  });

  it('refuses void tickets and tickets of another event (naming it)', () => {
    expect(decide(code(3), 'gig', index).kind).toBe('void');
    expect(decide(code(4), 'gig', index)).toEqual({ kind: 'other-event', title: 'Winter Fair' });
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
    const outbox = [{ id: 's1', eventId: 'gig', ticket: 'o1-0', result: 'admitted', scanned: 5, device: 'door-ab12' }];
    expect(parseOutbox(JSON.stringify(outbox))).toEqual(outbox);
    for (const bad of [
      '{',
      '[]',
      JSON.stringify({ gig: { ...gig, eventId: 'other' } }),
      JSON.stringify({ gig: { ...gig, tickets: [{ id: 1 }] } }),
    ]) {
      expect(() => parseLists(bad), bad).toThrow();
    }
    for (const bad of ['{}', JSON.stringify([{ ...outbox[0], result: 'maybe' }]), JSON.stringify([null])]) {
      expect(() => parseOutbox(bad), bad).toThrow();
    }
  });

  it('reads the database list, leaving out what is not a ticket', () => {
    const list = listFromDatabase(
      'gig',
      'Gig',
      {
        a: { code: code(1), holder: 'Bo', status: 'valid', checkin: { scan: 's', device: 'd', at: 3 } },
        b: 'junk',
        c: { code: 5 },
      },
      9,
    );
    expect(list.tickets).toEqual([
      { id: 'a', code: code(1), holder: 'Bo', status: 'valid', checkin: { at: 3, device: 'd' } },
    ]);
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
