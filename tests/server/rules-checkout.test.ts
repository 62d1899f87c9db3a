import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonWrite, RulesAuth } from '../../server/rules';
import { check } from './rules-helpers';

const rules = readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8');
const buyer: RulesAuth = { uid: 'buyer', provider: 'anonymous', token: {} };
const other: RulesAuth = { uid: 'other', provider: 'password', token: {} };

const data = {
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  products: {
    ticket: { title: 'Ticket', price: 10, description: '', image: '', category: 'Events', active: true, stock: 2 },
    mug: { title: 'Mug', price: 8, description: '', image: '', category: 'Goods', active: true },
  },
};

const path = (text: string) => text.split('/').filter(Boolean);

function order(items: Record<string, { title: string; price: number; quantity: number }>, total: number) {
  return { items, total, status: 'pending', created: 1000, contact: { name: 'Bo', email: 'bo@example.com' } };
}

/** The update checkout sends: the order, and for each counted product its new stock and the order's id. */
function checkout(orderId: string, quantity: number, stockBefore: number, uid = 'buyer'): JsonWrite[] {
  return [
    { path: path(`orders/${uid}/${orderId}`), value: order({ ticket: { title: 'Ticket', price: 10, quantity } }, 10 * quantity) },
    { path: path('products/ticket/stock'), value: stockBefore - quantity },
    { path: path('products/ticket/reservedFor'), value: orderId },
  ];
}

describe('database.rules.json: checkout takes stock atomically with the order', () => {
  it('an order that takes exactly its quantity from the stock is accepted', () => {
    expect(check(rules, data, checkout('o1', 2, 2), buyer, 2000).allowed).toBe(true);
  });

  it('a second buyer who read the same stock is refused (the stock has moved on)', () => {
    const afterFirst = { ...data, products: { ...data.products, ticket: { ...data.products.ticket, stock: 1, reservedFor: 'o1' } } };
    // They computed 2 - 1 = 1 from the stock they read; it is now 1, so taking 1 must write 0.
    expect(check(rules, afterFirst, checkout('o2', 1, 2, 'other'), other, 2000).allowed).toBe(false);
    expect(check(rules, afterFirst, checkout('o2', 1, 1, 'other'), other, 2000).allowed).toBe(true);
  });

  it('stock never goes below zero', () => {
    expect(check(rules, data, checkout('o1', 3, 2), buyer, 2000).allowed).toBe(false);
  });

  it('an order of a counted product without taking its stock is refused', () => {
    const [orderOnly] = checkout('o1', 1, 2);
    expect(check(rules, data, [orderOnly!], buyer, 2000).allowed).toBe(false);
  });

  it('taking stock without an order, or for someone else\'s order, is refused', () => {
    const [, stock, reservedFor] = checkout('o1', 1, 2);
    expect(check(rules, data, [stock!, reservedFor!], buyer, 2000).allowed).toBe(false);
    expect(check(rules, data, checkout('o1', 1, 2, 'buyer'), other, 2000).allowed).toBe(false);
  });

  it('taking more stock than the order holds is refused', () => {
    const writes = checkout('o1', 1, 2);
    writes[1] = { path: path('products/ticket/stock'), value: 0 };
    expect(check(rules, data, writes, buyer, 2000).allowed).toBe(false);
  });

  it('an existing order cannot be used to take stock again', () => {
    const withOrder = { ...data, orders: { buyer: { o1: order({ ticket: { title: 'Ticket', price: 10, quantity: 1 } }, 10) } } };
    expect(check(rules, withOrder, [{ path: path('products/ticket/stock'), value: 1 }, { path: path('products/ticket/reservedFor'), value: 'o1' }], buyer, 2000).allowed).toBe(false);
  });

  it('products whose stock is not counted are ordered without touching stock', () => {
    const writes: JsonWrite[] = [{ path: path('orders/buyer/o1'), value: order({ mug: { title: 'Mug', price: 8, quantity: 3 } }, 24) }];
    expect(check(rules, data, writes, buyer, 2000).allowed).toBe(true);
  });

  it('signed-out visitors cannot order or take stock', () => {
    expect(check(rules, data, checkout('o1', 1, 2), null, 2000).allowed).toBe(false);
  });

  it('staff still set stock freely', () => {
    const staff: RulesAuth = { uid: 'staff', provider: 'password', token: {} };
    expect(check(rules, data, [{ path: path('products/ticket/stock'), value: 50 }], staff, 2000).allowed).toBe(true);
    expect(check(rules, data, [{ path: path('products/ticket/stock'), value: 50 }], buyer, 2000).allowed).toBe(false);
  });
});
