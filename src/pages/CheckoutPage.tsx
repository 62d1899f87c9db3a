import { CheckoutView } from '../features/checkout/CheckoutView';

export default function CheckoutPage() {
  return <CheckoutView />;
}
