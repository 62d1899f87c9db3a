import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useAtomValue } from 'jotai';
import { updateValues } from '../../../firebase/database';
import { DEFAULT_MAX_PER_ORDER, type Product } from '../../catalogue';
import { FormTextField } from '../../../lib/FormTextField';
import { useForm } from '../../../lib/useForm';
import { siteAtom } from '../../../state/atoms';
import { EditorDialog, enteredTime, inputZone, saveOnline } from '../../dashboardKit';
import {
  EMPTY_PRODUCT,
  newTypeFields,
  productFields,
  productWrites,
  sharedFields,
  type ProductFields,
} from './productForm';
import { slugify } from '../../../lib/slug';
import { validateProduct } from './productValidation';
import { ProductTypeFields } from './ProductTypeFields';
import { ProductTranslationFields } from './ProductTranslationFields';
import { ProductTaxRateField } from './ProductTaxRateField';
import type { TaxRateSetting } from '../../taxes/model';
import { paths } from '../../../firebase/paths';

/** The form's first values: the product's (a type's shared fields as its group has them now), a new type's, or none. */
function initialFields(product: Product | null, group: Product | null, zone: string): ProductFields {
  if (!product) return group ? newTypeFields(group, zone) : EMPTY_PRODUCT;
  const fields = productFields(product, zone);
  return group ? { ...fields, ...sharedFields(group, zone) } : fields;
}

/**
 * Creates a product (null) or edits one, in a dialog; closes once saved. `group`: the group's first product, for a
 * new type of it or for an edited type. `products` (every product, by id) and `quotas` are what the form checks and
 * offers.
 */
export function ProductEditor({
  product,
  group,
  products,
  quotas,
  taxRates,
  onClose,
}: {
  product: Product | null;
  group: Product | null;
  products: ReadonlyMap<string, Product>;
  quotas: readonly { id: string; name: string }[];
  /** The shop's tax rates, of which it may name one (docs/taxes.md#settings). */
  taxRates: readonly TaxRateSetting[];
  onClose: () => void;
}) {
  const { i18n, t } = useLingui();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const zone = inputZone(useAtomValue(siteAtom).timezone);
  const context = {
    editing: product?.id ?? null,
    products,
    quotaIds: new Set(quotas.map((quota) => quota.id)),
    taxRateIds: new Set(taxRates.map((rate) => rate.id)),
  };
  const form = useForm({
    initial: () => initialFields(product, group, zone),
    validate: (fields) => validateProduct(fields, context, zone),
    idPrefix: 'product',
    submit: async (fields) => {
      const title = fields.title.trim();
      const typeName = fields.typeName.trim();
      const problem = await saveOnline(
        () => updateValues(paths.products, productWrites(fields, zone, products)),
        typeName ? t`${title} (${typeName}) is saved.` : t`${title} is saved.`,
      );
      if (!problem) onClose();
      return problem;
    },
  });
  const field = { form, idPrefix: 'product' } as const;
  const entered = (value: string) => enteredTime(value, zone, i18n.locale);
  const when = entered(form.fields.date);
  const opens = entered(form.fields.onSaleFrom);
  const closes = entered(form.fields.onSaleUntil);
  const inZone = (when: string) => t`${when} (${zone}).`;
  // A type's title, description, image, category, date and venue are its group's: changed there, for all its types.
  const groupTitle = products.get(form.fields.group)?.title;
  // Disabled rather than read-only: it looks so, and a text area takes no read-only from FormTextField.
  const shared = { disabled: groupTitle !== undefined };
  // Said once above the form: a disabled field's own hint is drawn too faint to read (and to pass axe's contrast).
  const sharedHint = groupTitle === undefined ? undefined : '';
  let heading = t`New product`;
  if (product) {
    const { title, typeName } = product;
    heading = typeName ? t`Edit ${title} (${typeName})` : t`Edit ${title}`;
  } else if (group) {
    const { title } = group;
    heading = t`New type of ${title}`;
  }
  const groupName = <>{groupTitle}</>;

  return (
    <EditorDialog
      id="product-editor-title"
      title={heading}
      save={t`Save product`}
      busy={form.busy}
      problem={form.problem}
      onSubmit={(event) => void form.onSubmit(event)}
      onClose={onClose}
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      {groupTitle !== undefined && (
        <Alert severity="info">
          <Trans>
            A type shares its group’s title, description, image, category, date and venue: edit {groupName} to change
            them.
          </Trans>
        </Alert>
      )}
      <FormTextField
        {...field}
        name="title"
        label={t`Title`}
        required
        {...shared}
        hint={sharedHint}
        onChange={(event) => {
          const title = event.target.value;
          // A new product's id follows its title until someone edits the id by hand.
          const followTitle = !product && form.fields.id === slugify(form.fields.title);
          form.change(followTitle ? { title, id: slugify(title) } : { title });
        }}
      />
      <ProductTypeFields form={form} isNew={!product} products={products} quotas={quotas} zone={zone} />
      <ProductTaxRateField form={form} taxRates={taxRates} />
      <FormTextField
        {...field}
        name="id"
        label={t`Id`}
        required
        hint={t`Part of the product’s address; cannot be changed later.`}
        slotProps={{ htmlInput: { readOnly: Boolean(product) } }}
      />
      <Stack direction="row" spacing={2}>
        <FormTextField
          {...field}
          name="price"
          label={t`Price`}
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <FormTextField
          {...field}
          name="stock"
          label={t`Stock`}
          hint={t`Empty: no limit.`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <Stack direction="row" spacing={2}>
        <FormTextField
          {...field}
          name="minPerOrder"
          label={t`Least per order`}
          hint={t`Empty: 1.`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField
          {...field}
          name="maxPerOrder"
          label={t`Most per order`}
          hint={t`Empty: ${DEFAULT_MAX_PER_ORDER}.`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <FormTextField {...field} {...shared} name="category" label={t`Category`} required hint={sharedHint} />
      <FormTextField
        {...field}
        {...shared}
        name="description"
        label={t`Description`}
        multiline
        minRows={3}
        hint={sharedHint}
      />
      <ProductTranslationFields form={form} shared={{ ...shared, hint: sharedHint }} />
      <FormTextField
        {...field}
        {...shared}
        name="image"
        label={t`Image address`}
        hint={sharedHint ?? t`Such as /images/products/poster.svg`}
      />
      <FormTextField
        {...field}
        name="date"
        label={t`Event date and time`}
        type="datetime-local"
        {...shared}
        slotProps={{ inputLabel: { shrink: true } }}
        hint={
          sharedHint ??
          (when
            ? t`${when}, in the shop’s time zone (${zone}).`
            : t`For events, in the shop’s time zone (${zone}); leave empty otherwise.`)
        }
      />
      <FormTextField {...field} {...shared} name="venue" label={t`Venue`} hint={sharedHint} />
      {/* A date-time input is too wide for two side by side on a phone. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 2 }}>
        <FormTextField
          {...field}
          name="onSaleFrom"
          label={t`Sales open`}
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
          hint={opens ? inZone(opens) : t`In ${zone}; empty: on sale now.`}
        />
        <FormTextField
          {...field}
          name="onSaleUntil"
          label={t`Sales close`}
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
          hint={closes ? inZone(closes) : t`In ${zone}; empty: no close.`}
        />
      </Stack>
      <FormTextField
        {...field}
        name="sort"
        label={t`Sort order`}
        hint={t`Lower numbers come first.`}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormControlLabel
        control={
          <Switch checked={form.fields.active} onChange={(event) => form.update('active', event.target.checked)} />
        }
        label={t`On sale (shown in the shop)`}
      />
      <FormControlLabel
        control={
          <Switch
            checked={form.fields.attendeeNames}
            disabled={form.fields.date === ''}
            onChange={(event) => form.update('attendeeNames', event.target.checked)}
          />
        }
        label={t`Ask for each attendee’s name (events only)`}
      />
      <FormControlLabel
        control={
          <Switch checked={form.fields.showLeft} onChange={(event) => form.update('showLeft', event.target.checked)} />
        }
        label={t`Tell buyers how many are left when only a few are`}
      />
      <FormControlLabel
        control={
          <Switch
            checked={form.fields.voucherOnly}
            onChange={(event) => form.update('voucherOnly', event.target.checked)}
          />
        }
        label={t`Sold only with a voucher for it, such as a crew or press ticket; nobody else sees it`}
      />
      <FormControlLabel
        control={
          <Switch
            checked={form.fields.giftCard && form.fields.date === ''}
            disabled={form.fields.date !== ''}
            onChange={(event) => form.update('giftCard', event.target.checked)}
          />
        }
        label={t`Sold as a gift card: each one bought becomes a card of its value (not for events)`}
      />
      {form.fields.giftCard && form.fields.date === '' && (
        <>
          <FormTextField
            {...field}
            name="giftCardMonths"
            label={t`Months each gift card lasts`}
            hint={t`Empty: they never expire.`}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <FormTextField
            {...field}
            name="giftCardMin"
            label={t`Lowest amount a buyer may choose`}
            hint={t`With the highest amount, buyers choose what each card is worth, the price being the amount suggested. Both empty: it is worth its price.`}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <FormTextField
            {...field}
            name="giftCardMax"
            label={t`Highest amount a buyer may choose`}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </>
      )}
    </EditorDialog>
  );
}
