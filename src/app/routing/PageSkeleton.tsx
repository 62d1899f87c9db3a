import { Trans } from '@lingui/react/macro';

/**
 * Holds the space a page heading and its first lines take, so nothing around it moves when the page arrives.
 * It fades in after a moment, so fast loads do not flash (src/app/routing/routing.css).
 */
export function PageSkeleton() {
  return (
    <div role="status" data-testid="page-loading" className="page-skeleton">
      <span className="visually-hidden">
        <Trans>Loading page…</Trans>
      </span>
      <div className="t-h1" aria-hidden="true" data-testid="page-loading-heading">
        <span className="page-skeleton__bar page-skeleton__bar--heading" />
      </div>
      <span className="page-skeleton__bar page-skeleton__bar--line" />
      <span className="page-skeleton__bar page-skeleton__bar--short" />
      <span className="page-skeleton__bar page-skeleton__bar--block" />
    </div>
  );
}
