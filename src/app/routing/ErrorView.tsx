import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A page-sized message with Retry and one other way forward (`children`). */
export function ErrorView({
  title,
  message,
  onRetry,
  children,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <div className="error-view">
      <h1 className="t-h1">{title}</h1>
      <p className="t-body1">{message}</p>
      <div className="button-row">
        <button type="button" className="button button--contained" onClick={onRetry}>
          <Trans>Retry</Trans>
        </button>
        {children}
      </div>
    </div>
  );
}
