import { withMuiScope } from '../lib/mui/MuiScope';
import { CheckoutView } from '../features/checkout/CheckoutView';

function CheckoutPage() {
  return <CheckoutView />;
}

export default withMuiScope(CheckoutPage);
