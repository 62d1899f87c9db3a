import type { ReactNode } from 'react';

/** A centred column with side padding (src/app/layout/layout.css), for the layouts on every page. */
export function PageWidth({
  maxWidth,
  className,
  children,
}: {
  maxWidth: 'sm' | 'lg';
  className?: string;
  children: ReactNode;
}) {
  return <div className={`page-width page-width--${maxWidth}${className ? ` ${className}` : ''}`}>{children}</div>;
}
