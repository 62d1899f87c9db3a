import { useEffect, useState } from 'react';

/** How far below the screen the end of the list starts the next step, so a scrolling reader rarely meets it. */
const AHEAD_PX = 800;

/**
 * Renders a long list in steps: the first `step` items, then `step` more each time the end comes near the
 * viewport from below (or the "Show more" button is pressed; on screen, it waits for that press). Rendering 1,000 cards at once would block the page for
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
        // Only while the end is near but still below the screen: once the button is in view, someone may be
        // reaching for it, and rows added above it by themselves would carry it away under their finger.
        const approaching = entries.some(
          (entry) => entry.isIntersecting && entry.boundingClientRect.top >= window.innerHeight,
        );
        if (approaching) setState((current) => ({ key: current.key, shown: current.shown + step }));
      },
      { rootMargin: `${AHEAD_PX}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, shown, total, step]);

  return { shown: Math.min(shown, total), hasMore: shown < total, more, sentinelRef: setSentinel };
}
