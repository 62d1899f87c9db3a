import { TOAST_LIFE_MS } from './constants';
import type { Toast, ToastMessage } from './types';

/** Where toasts are shown: the React toast area attaches itself as the sink once it has mounted. */
export interface ToastSink {
  show(toast: Toast): void;
  dismiss(id: string): void;
}

export interface Notifier {
  /** Shows a toast and returns its id; a toast whose key is already showing is not shown twice. */
  notify(message: ToastMessage): string;
  dismiss(id: string): void;
  /** The toast area reports here when a toast has gone, which frees its key. */
  closed(id: string): void;
  /** Messages sent before a sink is attached wait and are shown when it arrives. */
  attach(sink: ToastSink): () => void;
  /** Calls back (at once, or when it happens) as soon as a message is waiting for a sink. */
  onPending(callback: () => void): () => void;
}

export function createNotifier(): Notifier {
  let sink: ToastSink | null = null;
  let pending: Toast[] = [];
  let counter = 0;
  const showingKeys = new Map<string, string>();
  const idsWithKey = new Map<string, string>();
  const pendingListeners = new Set<() => void>();

  return {
    notify(message) {
      const key = message.key;
      const showing = key === undefined ? undefined : showingKeys.get(key);
      if (showing !== undefined) return showing;

      counter += 1;
      const toast: Toast = {
        id: `toast-${counter}`,
        key,
        severity: message.severity ?? 'info',
        summary: message.summary,
        detail: message.detail,
        life: message.life ?? TOAST_LIFE_MS,
        sticky: message.sticky ?? false,
        closable: message.closable ?? true,
        icon: message.icon,
        action: message.action,
      };
      if (key !== undefined) {
        showingKeys.set(key, toast.id);
        idsWithKey.set(toast.id, key);
      }
      if (sink) sink.show(toast);
      else {
        pending.push(toast);
        pendingListeners.forEach((listener) => listener());
      }
      return toast.id;
    },
    dismiss(id) {
      const queued = pending.length;
      pending = pending.filter((toast) => toast.id !== id);
      if (pending.length !== queued) this.closed(id);
      else sink?.dismiss(id);
    },
    closed(id) {
      const key = idsWithKey.get(id);
      if (key === undefined) return;
      idsWithKey.delete(id);
      showingKeys.delete(key);
    },
    attach(next) {
      sink = next;
      const queued = pending;
      pending = [];
      queued.forEach((toast) => next.show(toast));
      return () => {
        if (sink === next) sink = null;
      };
    },
    onPending(callback) {
      if (pending.length > 0) callback();
      pendingListeners.add(callback);
      return () => pendingListeners.delete(callback);
    },
  };
}

/** The app's one notifier: callable from anywhere, inside React or not. */
export const notifier = createNotifier();
export const notify = (message: ToastMessage): string => notifier.notify(message);
