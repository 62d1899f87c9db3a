import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { BillingDetails } from '../../orders';
import { BillingFields, NO_BILLING } from './BillingFields';

/**
 * Checkout's invoice details (docs/invoices.md#the-buyers-details): none unless the buyer asks for them, then the
 * company, address, country and VAT number the invoice is made out to. `value` null is an invoice in the buyer's name.
 */
export function BillingAtCheckout({
  value,
  onChange,
  shown,
}: {
  value: BillingDetails | null;
  onChange: (details: BillingDetails | null) => void;
  shown: boolean;
}) {
  const { t } = useLingui();
  return (
    <Box sx={{ mt: 2 }}>
      <FormControlLabel
        control={
          <Checkbox checked={value !== null} onChange={(event) => onChange(event.target.checked ? NO_BILLING : null)} />
        }
        label={t`Make the invoice out to a company, or add an address or a VAT number`}
      />
      {value && <BillingFields idPrefix="checkout" value={value} onChange={onChange} shown={shown} />}
    </Box>
  );
}
