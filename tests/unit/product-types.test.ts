import { describe, expect, it } from 'vitest';
import { parseProduct } from '../../src/features/catalogue/product';
import { groupOf, groupProducts } from '../../src/features/catalogue/productTypes';
import { typedTitle } from '../../src/lib/typedTitle';
import { heldLines, lineTicketNumbers, orderLines } from '../../src/features/orders/order';
import { parseQuotas, unitsLeft } from '../../src/features/catalogue/quota';
import { product } from './products';

describe('types of a product', () => {
  it('reads a type: its group, its name and the quotas it draws on', () => {
    const raw = { title: 'Jazz', price: 12, group: 'jazz', typeName: ' Concession ', quotas: { venue: true, x: 1 } };
    const parsed = parseProduct('jazz-concession', raw);
    expect(parsed).toMatchObject({ product: { group: 'jazz', typeName: 'Concession', quotas: ['venue'] } });
  });

  it('a product naming itself, or nothing usable, as its group stands alone', () => {
    for (const group of ['jazz', '', 7, null]) {
      expect(parseProduct('jazz', { title: 'Jazz', price: 1, group })).toMatchObject({ product: { group: null } });
    }
    expect(parseProduct('jazz', { title: 'Jazz', price: 1, typeName: '  ' })).toMatchObject({
      product: { typeName: null, quotas: [] },
    });
  });

  it('folds types into one group at the place of its first product, first product leading', () => {
    const standard = product('jazz', { typeName: 'Standard', price: 18 });
    const vip = product('jazz-vip', { group: 'jazz', typeName: 'VIP', price: 40 });
    const concession = product('jazz-concession', { group: 'jazz', typeName: 'Concession', price: 12 });
    const mug = product('mug');
    const groups = groupProducts([vip, mug, concession, standard]);
    expect(groups.map((group) => group.id)).toEqual(['jazz', 'mug']);
    expect(groups[0]!.lead).toBe(standard);
    expect(groups[0]!.types.map((type) => type.id)).toEqual(['jazz', 'jazz-concession', 'jazz-vip']);
    expect(groups[1]).toEqual({ id: 'mug', lead: mug, types: [mug] });
    expect(groupOf(vip)).toBe('jazz');
    expect(groupOf(mug)).toBe('mug');
  });

  it('a group whose first product is not on sale is led by its first type that is', () => {
    const later = product('b', { group: 'a', sort: 2 });
    const sooner = product('c', { group: 'a', sort: 1 });
    expect(groupProducts([later, sooner])[0]).toMatchObject({ id: 'a', lead: sooner, types: [sooner, later] });
  });

  it('names a typed line after its product and type', () => {
    expect(typedTitle('Jazz', 'VIP')).toBe('Jazz · VIP');
    expect(typedTitle('Jazz', null)).toBe('Jazz');
  });
});

describe('quotas', () => {
  it('reads quotas, leaving out and naming what is not one', () => {
    const { quotas, problems } = parseQuotas({
      venue: { name: 'Venue', left: 200 },
      bad: { name: 'Bad', left: -1 },
      nameless: { left: 3 },
      half: { name: 'Half', left: 1.5 },
    });
    expect([...quotas.values()]).toEqual([{ id: 'venue', name: 'Venue', left: 200 }]);
    expect(problems).toHaveLength(3);
    expect(parseQuotas(null)).toEqual({ quotas: new Map(), problems: [] });
    expect(parseQuotas('x').problems).toEqual(['the quotas node is not an object']);
  });

  it('what can still be sold is the least of the own stock and every quota drawn on', () => {
    const quotas = new Map([
      ['venue', 5],
      ['concessions', 2],
    ]);
    expect(unitsLeft({ stock: null, quotas: [] }, quotas)).toBeNull();
    expect(unitsLeft({ stock: 9, quotas: [] }, quotas)).toBe(9);
    expect(unitsLeft({ stock: null, quotas: ['venue'] }, quotas)).toBe(5);
    expect(unitsLeft({ stock: 9, quotas: ['venue', 'concessions'] }, quotas)).toBe(2);
    expect(unitsLeft({ stock: 1, quotas: ['venue'] }, quotas)).toBe(1);
    // A quota that is gone must not lift the limit.
    expect(unitsLeft({ stock: 9, quotas: ['gone'] }, quotas)).toBe(0);
  });
});

describe('what an order holds', () => {
  it('an item from before types holds its tickets under its own product, from 0, and no quota', () => {
    expect(heldLines({ gig: { title: 'Gig', price: 10, quantity: 2 } })).toEqual([
      { productId: 'gig', quantity: 2, event: 'gig', first: 0, quotas: [] },
    ]);
  });

  it("a type's item holds its tickets under its event from its first number, and the quotas it drew on", () => {
    const items = {
      'jazz-c': {
        title: 'Jazz',
        price: 12,
        quantity: 2,
        type: 'Concession',
        event: 'jazz',
        first: 3,
        quotas: { venue: true },
      },
    };
    expect(heldLines(items)).toEqual([
      { productId: 'jazz-c', quantity: 2, event: 'jazz', first: 3, quotas: ['venue'] },
    ]);
    expect(lineTicketNumbers(heldLines(items)[0]!)).toEqual([3, 4]);
    expect(orderLines(items)).toEqual([
      {
        productId: 'jazz-c',
        title: 'Jazz · Concession',
        price: 12,
        quantity: 2,
        type: 'Concession',
        event: 'jazz',
        first: 3,
      },
    ]);
  });

  it('unusable fields fall back rather than naming a wrong ticket', () => {
    const held = heldLines({ x: { quantity: 1, event: '', first: -4, quotas: ['venue'] }, y: 'junk' });
    expect(held).toEqual([
      { productId: 'x', quantity: 1, event: 'x', first: 0, quotas: [] },
      { productId: 'y', quantity: 0, event: 'y', first: 0, quotas: [] },
    ]);
    expect(heldLines(null)).toEqual([]);
  });
});
