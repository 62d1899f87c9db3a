import { t } from '@lingui/core/macro';
import { isZeroKind, type TaxRateKind, type TaxRateSetting } from '../model';
import { percentText } from './taxForm';

/** What each kind of rate is called on the desk, asked for when shown so that it is in the language spoken then. */
export function kindName(kind: TaxRateKind): string {
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
  }
}

/** A rate as a select or a list names it: "Standard · 20 %"; "Books · Zero-rated". */
export function rateLabel(rate: Pick<TaxRateSetting, 'name' | 'kind' | 'basisPoints'>): string {
  const { name } = rate;
  if (isZeroKind(rate.kind)) {
    const kind = kindName(rate.kind);
    return t`${name} · ${kind}`;
  }
  const percent = percentText(rate.basisPoints);
  return t`${name} · ${percent} %`;
}
