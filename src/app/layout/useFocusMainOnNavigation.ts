import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation, moves focus to the main area so screen-reader and keyboard users start on the
 * new page instead of on the link they pressed. The first render keeps the browser's own focus.
 */
export function useFocusMainOnNavigation(mainId: string): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(mainId)?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [pathname, mainId]);
}
