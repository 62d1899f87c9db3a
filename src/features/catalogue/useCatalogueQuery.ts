import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isSortOrder, type CatalogueQuery } from './product';

export interface CatalogueQueryControls extends CatalogueQuery {
  /** The product whose detail is open (?product=), if any. */
  productId: string | null;
  update(changes: Partial<CatalogueQuery & { productId: string | null }>): void;
  /** Closes the product detail: back to the list's own history entry when the list opened it. */
  closeProduct(): void;
}

/** History state of an entry that opening a product from the list added. */
interface OpenedFromList {
  openedFromList: true;
}

function isOpenedFromList(state: unknown): state is OpenedFromList {
  return typeof state === 'object' && state !== null && (state as Partial<OpenedFromList>).openedFromList === true;
}

const PARAM = { search: 'q', category: 'category', sort: 'sort', productId: 'product' } as const;

/** Search, filter, sort and the open product live in the URL, so a view can be shared and survives a reload. */
export function useCatalogueQuery(): CatalogueQueryControls {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const navigate = useNavigate();
  const sort = params.get(PARAM.sort);
  const update = useCallback<CatalogueQueryControls['update']>(
    (changes) => {
      // From the address bar, not from `params` (nor setParams' updater, which is handed the same rendered
      // value): a second change made before React re-renders would otherwise undo the first.
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        const name = PARAM[key as keyof typeof PARAM];
        if (value === null || value === '' || (key === 'sort' && value === 'featured')) next.delete(name);
        else next.set(name, String(value));
      }
      // Opening a product adds a history entry (Back closes it); typing a search does not add one per letter.
      if (changes.productId) setParams(next, { state: { openedFromList: true } satisfies OpenedFromList });
      else setParams(next, { replace: true });
    },
    [setParams],
  );
  // Closing what the list opened goes back to the list's entry, so the next Back leaves the page rather than
  // landing on a copy of it; a product opened from a link has no such entry, so its parameter is just dropped.
  const openedFromList = isOpenedFromList(state);
  const closeProduct = useCallback(() => {
    if (openedFromList) void navigate(-1);
    else update({ productId: null });
  }, [openedFromList, navigate, update]);
  return useMemo(
    () => ({
      search: params.get(PARAM.search) ?? '',
      category: params.get(PARAM.category) ?? '',
      sort: isSortOrder(sort) ? sort : 'featured',
      productId: params.get(PARAM.productId),
      update,
      closeProduct,
    }),
    [params, sort, update, closeProduct],
  );
}
