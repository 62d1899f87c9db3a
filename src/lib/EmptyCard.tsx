import type { ReactNode } from 'react';

/**
 * A card saying there is nothing here yet, and what to do about it: a heading, a line of text and an action.
 * `headingId` names the heading where focus is sent once what was here is gone; such a heading takes focus.
 */
export function EmptyCard({
  heading,
  headingId,
  text,
  action,
}: {
  heading: ReactNode;
  headingId?: string;
  text: ReactNode;
  action: ReactNode;
}) {
  return (
    <section className="surface page-section stack">
      <h2 className="t-h2" id={headingId} tabIndex={headingId === undefined ? undefined : -1}>
        {heading}
      </h2>
      <p className="t-body1 text-secondary">{text}</p>
      <div>{action}</div>
    </section>
  );
}
