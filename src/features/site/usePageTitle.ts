import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { siteAtom } from '../../state/atoms';
import { taglineAtom } from './siteTranslations';

/** "Page · Site name" in the tab and in history, and the meta description from the tagline, both live. */
export function usePageTitle(page: string): void {
  const { t } = useLingui();
  const { name } = useAtomValue(siteAtom);
  const tagline = useAtomValue(taglineAtom).text;
  const fallback = t`Tickets, events and products: browse the catalogue and keep a wishlist, even offline.`;
  useEffect(() => {
    document.title = page ? `${page} · ${name}` : name;
  }, [page, name]);
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', tagline || fallback);
  }, [tagline, fallback]);
}
