import { t } from '@lingui/core/macro';
import { atom } from 'jotai';
import { showCategoryAtom, type ShownText } from '../site';
import { DEFAULT_CATEGORY } from './product';

/**
 * How the reader reads a category: the organiser's name of it in their language, else in the main language shown
 * as such (docs/languages.md#categories); a product stored without one is "Other" in the language spoken.
 */
export const categoryNameAtom = atom((get) => {
  const show = get(showCategoryAtom);
  return (category: string): ShownText => (category === DEFAULT_CATEGORY ? { text: t`Other` } : show(category));
});
