import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useAtomValue } from 'jotai';
import { setValue } from '../../../firebase/database';
import { DEFAULT_MAX_PER_ORDER, type Product } from '../../catalogue';
import { FormTextField } from '../../../lib/FormTextField';
import { useForm } from '../../../lib/useForm';
import { siteAtom } from '../../../state/atoms';
import { inputZone } from './dateTimeInput';
import { saveOnline } from '../saving';
import { EMPTY_PRODUCT, productFields, productRecord, slugify, validateProduct } from './productForm';
import { paths } from '../../../firebase/paths';

const NO_IDS: ReadonlySet<string> = new Set();

/** Creates a product (null) or edits one, in a dialog; closes once saved. */
export function ProductEditor({
  product,
  takenIds,
  onClose,
}: {
  product: Product | null;
  takenIds: ReadonlySet<string>;
  onClose: () => void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const zone = inputZone(useAtomValue(siteAtom).timezone);
  const form = useForm({
    initial: product ? productFields(product, zone) : EMPTY_PRODUCT,
    // An edited product keeps its id, which is of course taken (by itself).
    validate: (fields) => validateProduct(fields, product ? NO_IDS : takenIds, zone),
    idPrefix: 'product',
    submit: async (fields) => {
      const id = fields.id.trim();
      const problem = await saveOnline(
        () => setValue(paths.product(id), productRecord(fields, zone)),
        `${fields.title.trim()} is saved.`,
      );
      if (!problem) onClose();
      return problem;
    },
  });
  const field = { form, idPrefix: 'product' } as const;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="product-editor-title"
    >
      <Stack component="form" noValidate onSubmit={(event) => void form.onSubmit(event)}>
        <DialogTitle id="product-editor-title">{product ? `Edit ${product.title}` : 'New product'}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            {form.problem && (
              <Alert severity="error" role="alert">
                {form.problem}
              </Alert>
            )}
            <FormTextField
              {...field}
              name="title"
              label="Title"
              required
              onChange={(event) => {
                const title = event.target.value;
                // A new product's id follows its title until someone edits the id by hand.
                const followTitle = !product && form.fields.id === slugify(form.fields.title);
                form.change(followTitle ? { title, id: slugify(title) } : { title });
              }}
            />
            <FormTextField
              {...field}
              name="id"
              label="Id"
              required
              hint="Part of the product’s address; cannot be changed later."
              slotProps={{ htmlInput: { readOnly: Boolean(product) } }}
            />
            <Stack direction="row" spacing={2}>
              <FormTextField
                {...field}
                name="price"
                label="Price"
                required
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <FormTextField
                {...field}
                name="stock"
                label="Stock"
                hint="Empty: no limit."
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
            <Stack direction="row" spacing={2}>
              <FormTextField
                {...field}
                name="minPerOrder"
                label="Least per order"
                hint="Empty: 1."
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <FormTextField
                {...field}
                name="maxPerOrder"
                label="Most per order"
                hint={`Empty: ${DEFAULT_MAX_PER_ORDER}.`}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
            <FormTextField {...field} name="category" label="Category" required />
            <FormTextField {...field} name="description" label="Description" multiline minRows={3} />
            <FormTextField {...field} name="image" label="Image address" hint="Such as /images/products/poster.svg" />
            <FormTextField
              {...field}
              name="date"
              label="Event date and time"
              type="datetime-local"
              slotProps={{ inputLabel: { shrink: true } }}
              hint={`For events, in the shop’s time zone (${zone}); leave empty otherwise.`}
            />
            <FormTextField {...field} name="venue" label="Venue" />
            {/* A date-time input is too wide for two side by side on a phone. */}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 2 }}>
              <FormTextField
                {...field}
                name="onSaleFrom"
                label="Sales open"
                type="datetime-local"
                slotProps={{ inputLabel: { shrink: true } }}
                hint={`In ${zone}; empty: on sale now.`}
              />
              <FormTextField
                {...field}
                name="onSaleUntil"
                label="Sales close"
                type="datetime-local"
                slotProps={{ inputLabel: { shrink: true } }}
                hint={`In ${zone}; empty: no close.`}
              />
            </Stack>
            <FormTextField
              {...field}
              name="sort"
              label="Sort order"
              hint="Lower numbers come first."
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={form.fields.active}
                  onChange={(event) => form.update('active', event.target.checked)}
                />
              }
              label="On sale (shown in the shop)"
            />
            <FormControlLabel
              control={
                <Switch
                  checked={form.fields.attendeeNames}
                  disabled={form.fields.date === ''}
                  onChange={(event) => form.update('attendeeNames', event.target.checked)}
                />
              }
              label="Ask for each attendee’s name (events only)"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save product'}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
