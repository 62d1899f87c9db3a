import { describe, expect, it } from 'vitest';
import { TOAST_LIFE_MS } from '../../src/lib/toast/constants';
import { createNotifier, type ToastSink } from '../../src/lib/toast/notifier';
import type { Toast } from '../../src/lib/toast/types';

function recordingSink() {
  const shown: Toast[] = [];
  const dismissed: string[] = [];
  const sink: ToastSink = { show: (toast) => shown.push(toast), dismiss: (id) => dismissed.push(id) };
  return { sink, shown, dismissed };
}

describe('notifier', () => {
  it('fills in the spec defaults: info, 3000 ms, closable, not sticky', () => {
    const notifier = createNotifier();
    const { sink, shown } = recordingSink();
    notifier.attach(sink);
    notifier.notify({ summary: 'Hello' });
    expect(shown[0]).toMatchObject({
      severity: 'info',
      summary: 'Hello',
      life: TOAST_LIFE_MS,
      closable: true,
      sticky: false,
    });
    expect(TOAST_LIFE_MS).toBe(3000);
  });

  it('passes every field of the model through', () => {
    const notifier = createNotifier();
    const { sink, shown } = recordingSink();
    notifier.attach(sink);
    const action = { label: 'Reload', onClick: () => undefined };
    notifier.notify({
      severity: 'warn',
      summary: 'S',
      detail: 'D',
      life: 500,
      sticky: true,
      closable: false,
      key: 'k',
      icon: '!',
      action,
    });
    expect(shown[0]).toMatchObject({
      severity: 'warn',
      summary: 'S',
      detail: 'D',
      life: 500,
      sticky: true,
      closable: false,
      key: 'k',
      icon: '!',
      action,
    });
  });

  it('holds messages until the toast area attaches, then shows them in order', () => {
    const notifier = createNotifier();
    let pendingCalls = 0;
    notifier.onPending(() => (pendingCalls += 1));
    notifier.notify({ summary: 'first' });
    notifier.notify({ summary: 'second' });
    expect(pendingCalls).toBe(2);
    const { sink, shown } = recordingSink();
    notifier.attach(sink);
    expect(shown.map((toast) => toast.summary)).toEqual(['first', 'second']);
  });

  it('calls a late pending listener at once when messages already wait', () => {
    const notifier = createNotifier();
    notifier.notify({ summary: 'waiting' });
    let called = false;
    notifier.onPending(() => (called = true));
    expect(called).toBe(true);
  });

  it('never shows the same key twice at once, and frees the key when the toast closes', () => {
    const notifier = createNotifier();
    const { sink, shown } = recordingSink();
    notifier.attach(sink);
    const first = notifier.notify({ summary: 'Offline', key: 'network' });
    expect(notifier.notify({ summary: 'Offline again', key: 'network' })).toBe(first);
    expect(shown).toHaveLength(1);
    notifier.closed(first);
    notifier.notify({ summary: 'Offline later', key: 'network' });
    expect(shown.map((toast) => toast.summary)).toEqual(['Offline', 'Offline later']);
  });

  it('shows messages without a key every time', () => {
    const notifier = createNotifier();
    const { sink, shown } = recordingSink();
    notifier.attach(sink);
    notifier.notify({ summary: 'Saved' });
    notifier.notify({ summary: 'Saved' });
    expect(shown).toHaveLength(2);
  });

  it('dismisses a shown toast through the sink and a waiting one before it shows', () => {
    const notifier = createNotifier();
    const waiting = notifier.notify({ summary: 'never shown', key: 'k' });
    notifier.dismiss(waiting);
    const { sink, shown, dismissed } = recordingSink();
    notifier.attach(sink);
    expect(shown).toHaveLength(0);
    const id = notifier.notify({ summary: 'shown', key: 'k' });
    notifier.dismiss(id);
    expect(dismissed).toEqual([id]);
  });

  it('stops sending to a detached sink', () => {
    const notifier = createNotifier();
    const { sink, shown } = recordingSink();
    const detach = notifier.attach(sink);
    detach();
    notifier.notify({ summary: 'later' });
    expect(shown).toHaveLength(0);
  });
});
