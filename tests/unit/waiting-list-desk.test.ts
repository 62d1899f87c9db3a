/**
 * The desk's waiting lists (src/features/waitinglist/desk/waitingListDesk.ts, docs/waiting-list.md#on-the-desk): one
 * list per product named from the catalogue, entries in the order they came, a place in line only for those still
 * waiting, and each list's figures; and the request and answer shapes the desk and trusted code share.
 */
import { describe, expect, it } from 'vitest';
import { waitingListDesk } from '../../src/features/waitinglist/desk/waitingListDesk';
import {
  parseWaitingDeskOutcome,
  parseWaitingDeskRequest,
  waitingDeskRequestRecord,
} from '../../src/features/waitinglist/model/deskRequests';
import { waitingCount } from '../../src/features/waitinglist/model/waitingList';

const product = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  price: 10,
  description: '',
  image: '',
  category: 'Events',
  active: true,
  ...extra,
});

const PRODUCTS = {
  gig: product('Gig', { typeName: 'Standing' }),
  'gig-seated': product('Gig', { typeName: 'Seated', group: 'gig' }),
  brunch: product('Brunch'),
};

const entry = (at: number, email: string, state: string, quantity = 1) => ({
  email,
  quantity,
  at,
  state,
  key: 'ABCDEFGHJKMNPQRS',
});
/** An entry's id as trusted code makes one: its time of joining, then a random part. */
const id = (at: number, tail = 'AAAAAA') => `${at.toString(36).padStart(9, '0')}-${tail}`;

describe('the desk’s waiting lists', () => {
  it('numbers only those still waiting, in the order they came, whatever order they are stored in', () => {
    const lists = waitingListDesk(
      {
        gig: {
          [id(5)]: entry(5, 'eve@example.com', 'waiting', 2),
          [id(1)]: entry(1, 'ann@example.com', 'offered', 2),
          [id(3)]: entry(3, 'cat@example.com', 'waiting'),
          [id(2)]: entry(2, 'bob@example.com', 'left'),
          [id(4)]: entry(4, 'dan@example.com', 'expired'),
          [id(6)]: entry(6, 'fay@example.com', 'bought'),
        },
      },
      PRODUCTS,
    );
    expect(lists).toHaveLength(1);
    const [gig] = lists;
    expect(gig!.entries.map((found) => [found.email, found.state, found.position])).toEqual([
      ['ann@example.com', 'offered', null],
      ['bob@example.com', 'left', null],
      ['cat@example.com', 'waiting', 1],
      ['dan@example.com', 'expired', null],
      ['eve@example.com', 'waiting', 2],
      ['fay@example.com', 'bought', null],
    ]);
    // Two people wait for three places; one holds an offer.
    expect(gig).toMatchObject({ product: 'gig', title: 'Gig · Standing', people: 2, places: 3, offered: 1 });
  });

  it('lists each type apart under its title and type, by title, and one whose product is gone last, by id', () => {
    const lists = waitingListDesk(
      {
        zzz: { [id(1)]: entry(1, 'ann@example.com', 'waiting') },
        'gig-seated': { [id(1)]: entry(1, 'bob@example.com', 'waiting') },
        gig: { [id(2)]: entry(2, 'cat@example.com', 'waiting') },
        brunch: { [id(3)]: entry(3, 'dan@example.com', 'waiting', 4) },
      },
      PRODUCTS,
    );
    expect(lists.map((list) => [list.product, list.title, list.people, list.places])).toEqual([
      ['brunch', 'Brunch', 1, 4],
      ['gig-seated', 'Gig · Seated', 1, 1],
      ['gig', 'Gig · Standing', 1, 1],
      ['zzz', null, 1, 1],
    ]);
  });

  it('leaves out what cannot be an entry, and has no list when nobody ever joined', () => {
    expect(waitingListDesk(null, PRODUCTS)).toEqual([]);
    const [gig] = waitingListDesk(
      {
        gig: {
          [id(1)]: entry(1, 'ann@example.com', 'waiting'),
          'not-an-id': entry(2, 'bob@example.com', 'waiting'),
          [id(3)]: entry(3, 'not an address', 'waiting'),
          [id(4)]: entry(4, 'cat@example.com', 'lost'),
          [id(5)]: { ...entry(5, 'dan@example.com', 'waiting'), quantity: 11 },
        },
      },
      PRODUCTS,
    );
    expect(gig!.entries.map((found) => found.email)).toEqual(['ann@example.com']);
    expect(gig).toMatchObject({ people: 1, places: 1, offered: 0 });
  });
});

describe('counting those waiting', () => {
  it('counts the people still waiting and the places they want, nobody else', () => {
    expect(
      waitingCount([
        { state: 'waiting', quantity: 2 },
        { state: 'offered', quantity: 3 },
        { state: 'waiting', quantity: 1 },
        { state: 'left', quantity: 4 },
      ]),
    ).toEqual({ people: 2, places: 3 });
    expect(waitingCount([])).toEqual({ people: 0, places: 0 });
  });
});

describe('the desk’s requests and their answers', () => {
  const entryId = id(1);

  it('reads back what the desk writes, and nothing else', () => {
    const request = { kind: 'offer' as const, product: 'gig', entry: entryId, by: 'staff-1' };
    expect(parseWaitingDeskRequest(waitingDeskRequestRecord(request, { '.sv': 'timestamp' }))).toEqual(request);
    expect(parseWaitingDeskRequest({ ...request, kind: 'skip' })).toMatchObject({ kind: 'skip' });
    expect(parseWaitingDeskRequest({ ...request, kind: 'delete' })).toBeNull();
    expect(parseWaitingDeskRequest({ ...request, product: '../orders' })).toBeNull();
    expect(parseWaitingDeskRequest({ ...request, entry: 'x' })).toBeNull();
    expect(parseWaitingDeskRequest({ ...request, by: 7 })).toBeNull();
    expect(parseWaitingDeskRequest(null)).toBeNull();
  });

  it('knows the five answers trusted code gives, and no other', () => {
    for (const kind of ['offered', 'skipped', 'not-found', 'not-waiting', 'no-places']) {
      expect(parseWaitingDeskOutcome({ kind, at: 1 })).toEqual({ kind });
    }
    expect(parseWaitingDeskOutcome({ kind: 'issued' })).toBeNull();
    expect(parseWaitingDeskOutcome('offered')).toBeNull();
  });
});
