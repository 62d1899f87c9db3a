import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, validateContact, type ContactFields } from '../../src/features/contact/contactMessage';
import { createOutbox, outboxAtom } from '../../src/features/contact/outbox';
import type { ToastMessage } from '../../src/lib/toast/types';
import { connectedAtom } from '../../src/state/liveAtoms';
import { StorageSlot } from '../../src/state/storage';
import { MemoryStorage } from './memoryStorage';

const message = { name: 'Robin', email: 'robin@example.com', subject: 'Hello', body: 'A question' };

describe('contact validation', () => {
  it('accepts a complete message', () => {
    expect(validateContact(message)).toEqual({});
  });

  it('names every missing or bad field', () => {
    expect(
      validateContact({ name: ' ', email: 'robin@', subject: '', body: 'x'.repeat(CONTACT_LIMITS.body + 1) }),
    ).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter an email address like name@example.com.',
      subject: 'Please enter a subject.',
      body: `Please keep this under ${CONTACT_LIMITS.body} characters.`,
    });
  });
});

function outboxHarness(write: (id: string) => Promise<void>) {
  const store = createStore();
  const storage = new MemoryStorage();
  const toasts: ToastMessage[] = [];
  const written: string[] = [];
  const givenBack: ContactFields[] = [];
  let ids = 0;
  const make = () =>
    createOutbox({
      store,
      slot: new StorageSlot(
        () => storage,
        'contact-outbox',
        () => undefined,
      ),
      write: async (id) => {
        written.push(id);
        await write(id);
      },
      isPermissionDenied: (error) => (error as { code?: string }).code === 'PERMISSION_DENIED',
      notify: (toast) => toasts.push(toast),
      newId: () => `m${++ids}`,
      giveBack: (messages) => givenBack.push(...messages),
      timeoutMs: 50,
    });
  return { store, storage, toasts, written, givenBack, make };
}

describe('contact outbox', () => {
  it('sends at once when connected and forgets the message once acknowledged', async () => {
    const h = outboxHarness(async () => undefined);
    h.store.set(connectedAtom, true);
    const outbox = h.make();
    expect(await outbox.send(message)).toBe('sent');
    expect(h.store.get(outboxAtom)).toEqual([]);
    expect(h.storage.values.has('contact-outbox')).toBe(false);
    expect(h.toasts.at(-1)?.summary).toBe('Message sent');
  });

  it('offline, keeps the message on the device and sends it when the connection returns', async () => {
    const h = outboxHarness(async () => undefined);
    const outbox = h.make();
    expect(await outbox.send(message)).toBe('queued');
    expect(JSON.parse(h.storage.values.get('contact-outbox')!)).toEqual([{ id: 'm1', message, attempts: 0 }]);
    expect(h.written).toEqual([]);
    h.store.set(connectedAtom, true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.written).toEqual(['m1']);
    expect(h.store.get(outboxAtom)).toEqual([]);
  });

  it('restores waiting messages from an earlier visit', async () => {
    const h = outboxHarness(async () => undefined);
    h.storage.values.set('contact-outbox', JSON.stringify([{ id: 'old', message, attempts: 1 }, { id: 'bad' }]));
    const outbox = h.make();
    expect(h.store.get(outboxAtom)).toEqual([{ id: 'old', message, attempts: 1 }]);
    h.store.set(connectedAtom, true);
    await outbox.flush();
    expect(h.written).toContain('old');
  });

  it('a send that never gets an answer stays queued, to be sent again with the same id', async () => {
    const h = outboxHarness(() => new Promise(() => undefined));
    h.store.set(connectedAtom, true);
    const outbox = h.make();
    expect(await outbox.send(message)).toBe('queued');
    expect(h.store.get(outboxAtom)).toEqual([{ id: 'm1', message, attempts: 1 }]);
  });

  it('a resend refused because the first attempt did arrive counts as sent; a first refusal is reported', async () => {
    const denied = Object.assign(new Error('denied'), { code: 'PERMISSION_DENIED' });
    const h = outboxHarness(async () => {
      throw denied;
    });
    h.storage.values.set('contact-outbox', JSON.stringify([{ id: 'old', message, attempts: 2 }]));
    h.store.set(connectedAtom, true);
    const outbox = h.make();
    await outbox.flush();
    expect(h.store.get(outboxAtom)).toEqual([]);
    expect(h.toasts).toEqual([]);
    expect(await outbox.send(message)).toBe('refused');
    expect(h.toasts.at(-1)?.severity).toBe('error');
  });
});
