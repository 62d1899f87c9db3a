import { t } from '@lingui/core/macro';
import { isZeroKind, type AppliedRateKind, type TaxRateSetting } from '../model';
import { percentText } from './taxForm';

/** What each kind of rate is called on the desk, asked for when shown so that it is in the language spoken then. */
export function kindName(kind: AppliedRateKind): string {
  switch (kind) {
    case 'standard':
      return t`Standard rate`;
    case 'reduced':
      return t`Reduced rate`;
    case 'zero':
      return t`Zero-rated`;
    case 'exempt':
      return t`Exempt from tax`;
    case 'outside':
      return t`Outside the scope of tax`;
    case 'reverse':
      return t`Reverse charge`;
  }
}

/**
 * A rate as a select or a list names it: "Standard · 20 %"; "Books · Zero-rated"; an order's reverse charge by its
 * kind alone.
 */
export function rateLabel(rate: Pick<TaxRateSetting, 'name' | 'basisPoints'> & { kind: AppliedRateKind }): string {
  const { name } = rate;
  if (rate.kind === 'reverse') return kindName(rate.kind);
  if (isZeroKind(rate.kind)) {
    const kind = kindName(rate.kind);
    return t`${name} · ${kind}`;
  }
  const percent = percentText(rate.basisPoints);
  return t`${name} · ${percent} %`;
}
