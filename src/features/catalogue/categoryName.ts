import { t } from '@lingui/core/macro';
import { DEFAULT_CATEGORY } from './product';

/** A category as the reader reads it: the organiser's own name, or "Other" in the language spoken. */
export function categoryName(category: string): string {
  return category === DEFAULT_CATEGORY ? t`Other` : category;
}
