import { useEffect, useState } from 'react';

/**
 * Renders a long list in steps: the first `step` items, then `step` more each time the end comes near the
 * viewport (or the "Show more" button is pressed). Rendering 1,000 cards at once would block the page for
 * seconds on a phone (the catalogue's grid, a long wishlist). Starts over when `resetKey` changes (a new search
 * or filter).
 */
export function useGrowingList(total: number, step: number, resetKey: string) {
  const [state, setState] = useState({ key: resetKey, shown: step });
  // A new search shows its first step again (state derived from the key during render, no effect needed).
  const shown = state.key === resetKey ? state.shown : step;
  if (state.key !== resetKey) setState({ key: resetKey, shown: step });
  // A callback ref kept in state, so the observer follows the element as it comes and goes.
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const more = () =>
    setState((current) => ({ key: resetKey, shown: (current.key === resetKey ? current.shown : step) + step }));

  useEffect(() => {
    if (!sentinel || shown >= total || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting))
          setState((current) => ({ key: current.key, shown: current.shown + step }));
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, shown, total, step]);

  return { shown: Math.min(shown, total), hasMore: shown < total, more, sentinelRef: setSentinel };
}
