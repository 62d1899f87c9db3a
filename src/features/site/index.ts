/**
 * What other features may use of the site feature: the page title and description, the translated taglines and
 * the categories' names in each language.
 */
export { usePageTitle } from './usePageTitle';
export {
  taglinesAtom,
  type Taglines,
  categoryKey,
  categoryNamesAtom,
  MAX_CATEGORY_NAME,
  showCategoryAtom,
  type CategoryNames,
  type ShownText,
} from './siteTranslations';
