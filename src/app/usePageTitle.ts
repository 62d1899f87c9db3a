import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { siteAtom } from '../state/atoms';

/** "Page · Site name" in the tab and in history, following the live site name. */
export function usePageTitle(page: string): void {
  const { name } = useAtomValue(siteAtom);
  useEffect(() => {
    document.title = page ? `${page} · ${name}` : name;
  }, [page, name]);
}
