import { useAtomValue } from 'jotai';
import { liveValueAtom } from '../../../firebase/liveValue';
import { paths } from '../../../firebase/paths';
import { isRecord } from '../../../state/validation';
import { parseProduct, type Product } from '../../catalogue';

/** Every event (dated product) staff can read, hidden and past ones too, soonest first; live. */
export function useEvents(): Product[] {
  const live = useAtomValue(liveValueAtom(paths.products));
  if (live.status !== 'ready' || !isRecord(live.value)) return [];
  return Object.entries(live.value)
    .flatMap(([id, raw]) => {
      const parsed = parseProduct(id, raw);
      return 'product' in parsed && parsed.product.date ? [parsed.product] : [];
    })
    .sort((a, b) => String(a.date).localeCompare(String(b.date)) || a.title.localeCompare(b.title));
}
