import type { ReactNode } from 'react';

/** The severities a toast can have (docs/behaviour.md#toasts). */
export type ToastSeverity = 'info' | 'warn' | 'error' | 'success';

interface ToastAction {
  label: string;
  onClick: () => void;
}

/** The toast model (docs/behaviour.md#toasts), plus an optional action button (Retry, Reload). */
export interface ToastMessage {
  severity?: ToastSeverity;
  summary: string;
  detail?: string;
  /** Milliseconds before it closes by itself. */
  life?: number;
  /** Stays until closed by the user or the code. */
  sticky?: boolean;
  /** Shows a close button. */
  closable?: boolean;
  /** While a toast with this key is showing, another with the same key is not shown. */
  key?: string;
  icon?: ReactNode;
  action?: ToastAction;
}

/** A message with every default filled in, as the toast area shows it. */
export interface Toast extends Required<Omit<ToastMessage, 'detail' | 'icon' | 'action' | 'key'>> {
  id: string;
  key: string | undefined;
  detail: string | undefined;
  icon: ReactNode | undefined;
  action: ToastAction | undefined;
}
