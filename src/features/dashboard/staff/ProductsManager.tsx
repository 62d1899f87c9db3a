import { useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { updateValues } from '../../../firebase/database';
import { saleWindow, useSaleNow, type Product, type Quota } from '../../catalogue';
import { useShopFormat } from '../format';
import { LiveContent } from '../LiveContent';
import { saveQuickly } from '../saving';
import { Section } from '../Section';
import { ProductEditor } from './ProductEditor';
import { productName, productsById, productTree, quotaList } from './staffCatalogue';
import { paths } from '../../../firebase/paths';

/** Where the product's on-sale window stands at `now` (the database's clock); null when it has none that matters. */
function saleNote(product: Product, now: number, date: (time: number) => string) {
  const window = saleWindow(product, now);
  if (window.state === 'upcoming') return `on sale from ${date(window.opens)}`;
  if (window.state === 'ended') return 'sales closed';
  return product.onSaleUntil === null ? null : `on sale until ${date(product.onSaleUntil)}`;
}

/** One product's line: what it sells at, its stock, limits, window and quotas, and its buttons. */
function ProductRow({
  product,
  quotaNames,
  onEdit,
  onAddType,
}: {
  product: Product;
  quotaNames: ReadonlyMap<string, string>;
  onEdit: () => void;
  /** For a product that is no type itself: opens a new type of it. */
  onAddType?: () => void;
}) {
  const format = useShopFormat();
  const sales = saleNote(product, useSaleNow([product]), format.date);
  const name = productName(product);
  const perOrder =
    product.minPerOrder > 1 ? `${product.minPerOrder} to ${product.maxPerOrder}` : `up to ${product.maxPerOrder}`;
  const quotas = product.quotas
    .map((id) => quotaNames.get(id) ?? `${id} (missing)`)
    .sort((a, b) => a.localeCompare(b))
    .join(', ');
  const toggle = () =>
    void saveQuickly(
      () => updateValues(paths.product(product.id), { active: !product.active }),
      product.active ? `${name} is hidden from the shop.` : `${name} is on sale again.`,
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
            {format.money(product.price)} · {product.stock === null ? 'no stock limit' : `${product.stock} in stock`} ·{' '}
            {perOrder} per order{sales && ` · ${sales}`}
            {product.group ? '' : ` · ${product.category}`}
            {quotas && ` · draws on ${quotas}`}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {!product.active && <Chip size="small" label="Hidden" />}
          <Button size="small" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
          <Button size="small" onClick={toggle} aria-label={`${product.active ? 'Hide' : 'Show'} ${name}`}>
            {product.active ? 'Hide' : 'Show'}
          </Button>
          {onAddType && (
            <Button size="small" onClick={onAddType} aria-label={`Add a type of ${name}`}>
              Add a type
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
  editing,
  setEditing,
}: {
  rawProducts: unknown;
  rawQuotas: unknown;
  editing: Editing | null;
  setEditing: (editing: Editing | null) => void;
}) {
  const products = productsById(rawProducts);
  const quotas = quotaList(rawQuotas);
  const quotaNames = new Map(quotas.map((quota: Quota) => [quota.id, quota.name]));
  const tree = productTree(products);
  const edit = (product: Product) => setEditing({ product, group: products.get(product.group ?? '') ?? null });
  return (
    <>
      {tree.length === 0 && <Typography>No products yet.</Typography>}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {tree.map(({ product, types }) => (
          <li key={product.id}>
            <ProductRow
              product={product}
              quotaNames={quotaNames}
              onEdit={() => edit(product)}
              onAddType={product.group === null ? () => setEditing({ product: null, group: product }) : undefined}
            />
            {types.length > 0 && (
              <Stack
                component="ul"
                spacing={1}
                aria-label={`Types of ${product.title}`}
                sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, pl: { xs: 2, sm: 4 } }}
              >
                {types.map((type) => (
                  <li key={type.id}>
                    <ProductRow product={type} quotaNames={quotaNames} onEdit={() => edit(type)} />
                  </li>
                ))}
              </Stack>
            )}
          </li>
        ))}
      </Stack>
      {editing && (
        <ProductEditor
          product={editing.product}
          group={editing.group}
          products={products}
          quotas={quotas}
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
      title="Products"
      action={
        <Button variant="contained" onClick={() => setEditing({ product: null, group: null })}>
          New product
        </Button>
      }
    >
      <LiveContent path={paths.products} loading={t`Loading products…`}>
        {(rawProducts) => (
          <LiveContent path={paths.quotas} loading={t`Loading quotas…`}>
            {(rawQuotas) => (
              <ProductList rawProducts={rawProducts} rawQuotas={rawQuotas} editing={editing} setEditing={setEditing} />
            )}
          </LiveContent>
        )}
      </LiveContent>
    </Section>
  );
}
