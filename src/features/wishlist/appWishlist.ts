import { notify } from '../../lib/toast/notifier';
import { appStore } from '../../state/appStore';
import { createWishlist } from './wishlist';

/** The wishlist of this browser, for components and for code outside React alike. */
export const wishlist = createWishlist(appStore, notify);
