import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { updateValues } from '../../../firebase/database';
import { saleWindow, useSaleNow, type Product, type Quota } from '../../catalogue';
import { useShopFormat, LiveContent, saveQuickly, Section } from '../../dashboardKit';
import { ProductEditor } from './ProductEditor';
import { productName, productsById, productTree, quotaList } from './staffCatalogue';
import { paths } from '../../../firebase/paths';
import { formatList } from '../../../lib/format';
import { parseTaxSettings } from '../../taxes/model';
import { rateLabel } from '../../taxes';

/** One product's line: what it sells at, its stock, limits, window and quotas, and its buttons. */
function ProductRow({
  product,
  quotaNames,
  rateNames,
  onEdit,
  onAddType,
}: {
  product: Product;
  quotaNames: ReadonlyMap<string, string>;
  /** The shop's tax rates as the desk names them, by id. */
  rateNames: ReadonlyMap<string, string>;
  onEdit: () => void;
  /** For a product that is no type itself: opens a new type of it. */
  onAddType?: () => void;
}) {
  const { i18n, t } = useLingui();
  const format = useShopFormat();
  const sale = saleWindow(product, useSaleNow([product]));
  const name = productName(product);
  const { stock, minPerOrder: least, maxPerOrder: most, category, onSaleUntil, taxRate } = product;
  // A rate removed since it was chosen leaves the product at the shop's default, so it is not named.
  const rate = taxRate ? rateNames.get(taxRate) : undefined;
  const quotas = product.quotas
    .map((id) => quotaNames.get(id) ?? t`${id} (missing)`)
    .sort((a, b) => a.localeCompare(b, i18n.locale));
  const drawsOn = formatList(quotas, i18n.locale, 'unit');
  // Where the on-sale window stands at the database's clock; nothing when it has none that matters.
  const opens = sale.state === 'upcoming' ? format.date(sale.opens) : '';
  const closes = onSaleUntil === null ? '' : format.date(onSaleUntil);
  const sales =
    sale.state === 'upcoming'
      ? t`on sale from ${opens}`
      : sale.state === 'ended'
        ? t`sales closed`
        : onSaleUntil === null
          ? null
          : t`on sale until ${closes}`;
  // A line of notes rather than a sentence: each note is a message of its own.
  const facts = [
    format.money(product.price),
    stock === null ? t`no stock limit` : t`${stock} in stock`,
    least > 1 ? t`${least} to ${most} per order` : t`up to ${most} per order`,
    ...(sales ? [sales] : []),
    ...(product.group ? [] : [category]),
    ...(quotas.length > 0 ? [t`draws on ${drawsOn}`] : []),
    ...(rate ? [t`taxed at ${rate}`] : []),
  ];
  const toggle = () =>
    void saveQuickly(
      () => updateValues(paths.product(product.id), { active: !product.active }),
      product.active ? t`${name} is hidden from the shop.` : t`${name} is on sale again.`,
    );
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <div>
          {/* Under its group a type is named by its type; the group's title is right above. */}
          <Typography sx={{ fontWeight: 600 }}>{product.group ? (product.typeName ?? name) : name}</Typography>
          <Typography variant="body2" color="textSecondary">
            {facts.join(' · ')}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {!product.active && <Chip size="small" label={t`Hidden`} />}
          <Button size="small" onClick={onEdit} aria-label={t`Edit ${name}`}>
            <Trans>Edit</Trans>
          </Button>
          <Button size="small" onClick={toggle} aria-label={product.active ? t`Hide ${name}` : t`Show ${name}`}>
            {product.active ? <Trans>Hide</Trans> : <Trans>Show</Trans>}
          </Button>
          {onAddType && (
            <Button size="small" onClick={onAddType} aria-label={t`Add a type of ${name}`}>
              <Trans>Add a type</Trans>
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** What the editor is open for: a product (null: a new one), and the group of a new or edited type. */
interface Editing {
  product: Product | null;
  group: Product | null;
}

function ProductList({
  rawProducts,
  rawQuotas,
  rawTaxSettings,
  editing,
  setEditing,
}: {
  rawProducts: unknown;
  rawQuotas: unknown;
  rawTaxSettings: unknown;
  editing: Editing | null;
  setEditing: (editing: Editing | null) => void;
}) {
  const { t } = useLingui();
  const products = productsById(rawProducts);
  const quotas = quotaList(rawQuotas);
  const quotaNames = new Map(quotas.map((quota: Quota) => [quota.id, quota.name]));
  const taxRates = parseTaxSettings(rawTaxSettings).rates;
  const rateNames = new Map(taxRates.map((rate) => [rate.id, rateLabel(rate)]));
  const tree = productTree(products);
  const edit = (product: Product) => setEditing({ product, group: products.get(product.group ?? '') ?? null });
  return (
    <>
      {tree.length === 0 && (
        <Typography>
          <Trans>No products yet.</Trans>
        </Typography>
      )}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {tree.map(({ product, types }) => {
          const title = product.title;
          return (
            <li key={product.id}>
              <ProductRow
                product={product}
                quotaNames={quotaNames}
                rateNames={rateNames}
                onEdit={() => edit(product)}
                onAddType={product.group === null ? () => setEditing({ product: null, group: product }) : undefined}
              />
              {types.length > 0 && (
                <Stack
                  component="ul"
                  spacing={1}
                  aria-label={t`Types of ${title}`}
                  sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, paddingInlineStart: { xs: 2, sm: 4 } }}
                >
                  {types.map((type) => (
                    <li key={type.id}>
                      <ProductRow
                        product={type}
                        quotaNames={quotaNames}
                        rateNames={rateNames}
                        onEdit={() => edit(type)}
                      />
                    </li>
                  ))}
                </Stack>
              )}
            </li>
          );
        })}
      </Stack>
      {editing && (
        <ProductEditor
          product={editing.product}
          group={editing.group}
          products={products}
          quotas={quotas}
          taxRates={taxRates}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** Create, edit, hide and restock products, and add types to them. */
export function ProductsManager() {
  const { t } = useLingui();
  const [editing, setEditing] = useState<Editing | null>(null);
  return (
    <Section
      title={t`Products`}
      action={
        <Button variant="contained" onClick={() => setEditing({ product: null, group: null })}>
          <Trans>New product</Trans>
        </Button>
      }
    >
      <LiveContent path={paths.products} loading={t`Loading products…`}>
        {(rawProducts) => (
          <LiveContent path={paths.quotas} loading={t`Loading quotas…`}>
            {(rawQuotas) => (
              <LiveContent path={paths.taxSettings} loading={t`Loading the tax settings…`}>
                {(rawTaxSettings) => (
                  <ProductList
                    rawProducts={rawProducts}
                    rawQuotas={rawQuotas}
                    rawTaxSettings={rawTaxSettings}
                    editing={editing}
                    setEditing={setEditing}
                  />
                )}
              </LiveContent>
            )}
          </LiveContent>
        )}
      </LiveContent>
    </Section>
  );
}
