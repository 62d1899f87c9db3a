/** What other features may use of the catalogue: the product model and the live catalogue. */
export {
  catalogueAtom,
  heldForMeAtom,
  productsByIdAtom,
  unlockedProductsAtom,
  type CatalogueState,
} from './catalogueState';
export {
  categoriesOf,
  DEFAULT_CATEGORY,
  DEFAULT_MAX_PER_ORDER,
  GIFT_CARD_MONTHS_LIMIT,
  MAX_PER_ORDER_LIMIT,
  limitedPerOrder,
  maxQuantity,
  parseProduct,
  PRODUCT_TEXTS,
  productIn,
  saleWindow,
  type Product,
  type ProductText,
} from './product';
export { useSaleNow } from './useSaleNow';
export { groupOf } from './productTypes';
export { parseQuotas, unitsLeft, type Quota } from './quota';
