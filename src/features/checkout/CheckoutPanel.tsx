import { withMuiScope } from '../../lib/mui/MuiScope';
import { CheckoutView } from './CheckoutView';

/** The checkout drawn with MUI: loaded when the wishlist has something to order (src/pages/CheckoutPage.tsx). */
export default withMuiScope(CheckoutView);
