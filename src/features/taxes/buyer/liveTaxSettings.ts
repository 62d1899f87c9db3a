import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { liveValueAtom } from '../../../firebase/liveValue';
import { paths } from '../../../firebase/paths';
import { parseTaxSettings, type TaxSettings } from '../model';

/**
 * The shop's tax settings as they stand, for what checkout shows before an order fixes its own
 * (docs/taxes.md#the-orders-tax); null until they have arrived. Damaged settings read as the parser reads them.
 */
export function useLiveTaxSettings(): TaxSettings | null {
  const live = useAtomValue(liveValueAtom(paths.taxSettings));
  return useMemo(() => (live.status === 'ready' ? parseTaxSettings(live.value) : null), [live]);
}
