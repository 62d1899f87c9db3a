import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { FormTextField, OutlinedField } from '../../../lib/FormTextField';
import { Icon } from '../../../lib/Icon';
import type { FormState } from '../../../lib/useForm';
import type { Product } from '../../catalogue';
import { useRef } from 'react';
import { slugify } from '../../../lib/slug';
import { pickShared, sharedFields, typeId, type ProductFields, type SharedFields } from './productForm';

const ID_PREFIX = 'product';

/**
 * The product's place in a group and the quotas it draws on (docs/behaviour.md#editing-types-and-quotas): "Type of"
 * (the group's first product, among the products that are no type themselves), "Type name", and a checkbox per quota.
 * Choosing a group takes its shared fields; a new type's id follows its group and name until staff type one.
 */
export function ProductTypeFields({
  form,
  isNew,
  products,
  quotas,
  zone,
}: {
  form: FormState<ProductFields>;
  isNew: boolean;
  products: ReadonlyMap<string, Product>;
  quotas: readonly { id: string; name: string }[];
  zone: string;
}) {
  const { t } = useLingui();
  const { fields, errors } = form;
  const groupId = `${ID_PREFIX}-group`;
  const groupError = errors.group;
  const quotasError = errors.quotas;
  // Offered as groups: products that are no type themselves, the product itself left out.
  const groups = [...products.values()]
    .filter((product) => product.group === null && product.id !== fields.id.trim())
    .sort((a, b) => a.title.localeCompare(b.title));
  // A new type's id follows its group and name while it is empty or still what they made.
  const idFollows = (typeName: string) =>
    isNew && fields.group !== '' && (fields.id === '' || fields.id === typeId(fields.group, typeName));

  // The product's own shared fields, from before a group's replaced them: given back when "None" is chosen again.
  const own = useRef<SharedFields | null>(null);
  const chooseGroup = (group: string) => {
    const first = products.get(group);
    if (fields.group === '') own.current = pickShared(fields);
    const restored = group === '' ? own.current : null;
    form.change({
      group,
      ...(first ? sharedFields(first, zone) : (restored ?? {})),
      // A new product's id that still follows its title or type follows the group instead.
      ...(isNew && first && (fields.id === slugify(fields.title) || idFollows(fields.typeName))
        ? { id: typeId(group, fields.typeName) }
        : {}),
    });
  };

  return (
    <>
      <OutlinedField
        id={groupId}
        label={t`Type of`}
        shrink
        error={Boolean(groupError)}
        helper={{
          id: `${groupId}-helper-text`,
          text: groupError ?? t`A type shares its group’s card, date and tickets; it has its own price and stock.`,
        }}
      >
        <select
          id={groupId}
          className="field__input"
          value={fields.group}
          onChange={(event) => chooseGroup(event.target.value)}
          aria-invalid={Boolean(groupError)}
          aria-describedby={`${groupId}-helper-text`}
        >
          <option value="">{t`None: a product of its own`}</option>
          {groups.map((product) => (
            <option key={product.id} value={product.id}>
              {product.title}
              {product.typeName ? ` (${product.typeName})` : ''}
            </option>
          ))}
          {/* A group that is gone or no longer a first product stays shown, so the error beside it makes sense. */}
          {fields.group !== '' && !groups.some((product) => product.id === fields.group) && (
            <option value={fields.group}>{products.get(fields.group)?.title ?? fields.group}</option>
          )}
        </select>
        <Icon name="arrowDropDown" className="field__select-icon" />
      </OutlinedField>
      <FormTextField
        form={form}
        idPrefix={ID_PREFIX}
        name="typeName"
        label={t`Type name`}
        required={fields.group !== ''}
        hint={t`Such as Standard, Concession or VIP; empty for a product sold without types.`}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        onChange={(event) => {
          const typeName = event.target.value;
          form.change(idFollows(fields.typeName) ? { typeName, id: typeId(fields.group, typeName) } : { typeName });
        }}
      />
      {/* Focused (tabIndex -1) when a save finds a quota that is gone, as useForm focuses the first field in error. */}
      <Box
        component="fieldset"
        id={`${ID_PREFIX}-quotas`}
        tabIndex={-1}
        aria-describedby={`${ID_PREFIX}-quotas-helper-text`}
        sx={{ border: 0, m: 0, p: 0 }}
      >
        <Typography component="legend" sx={{ fontWeight: 600, p: 0 }}>
          <Trans>Quotas</Trans>
        </Typography>
        {quotas.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            <Trans>No quotas yet: add them under Quotas, below the products.</Trans>
          </Typography>
        ) : (
          <FormGroup row>
            {quotas.map((quota) => (
              <FormControlLabel
                key={quota.id}
                label={quota.name}
                control={
                  <Checkbox
                    id={`${ID_PREFIX}-quota-${quota.id}`}
                    checked={fields.quotas.includes(quota.id)}
                    onChange={(event) =>
                      form.update(
                        'quotas',
                        event.target.checked
                          ? [...fields.quotas, quota.id]
                          : fields.quotas.filter((id) => id !== quota.id),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        )}
        <Typography
          id={`${ID_PREFIX}-quotas-helper-text`}
          variant="body2"
          color={quotasError ? 'error' : 'textSecondary'}
        >
          {quotasError ?? t`Each one sold takes a place from every quota ticked, as well as from its own stock.`}
        </Typography>
      </Box>
    </>
  );
}
