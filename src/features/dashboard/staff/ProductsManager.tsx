import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { updateValues } from '../../../firebase/database';
import { isRecord } from '../../../state/validation';
import { parseProduct, saleWindow, useSaleNow, type Product } from '../../catalogue';
import { useShopFormat } from '../format';
import { LiveContent } from '../LiveContent';
import { saveQuickly } from '../saving';
import { Section } from '../Section';
import { ProductEditor } from './ProductEditor';
import { paths } from '../../../firebase/paths';

/** Every product, hidden ones too (staff read them all), by sort order then title. */
function allProducts(raw: unknown): Product[] {
  if (!isRecord(raw)) return [];
  return Object.entries(raw)
    .flatMap(([id, value]) => {
      const parsed = parseProduct(id, value);
      return 'product' in parsed ? [parsed.product] : [];
    })
    .sort((a, b) => (a.sort ?? Infinity) - (b.sort ?? Infinity) || a.title.localeCompare(b.title));
}

/** Where the product's on-sale window stands at `now` (the database's clock); null when it has none that matters. */
function saleNote(product: Product, now: number, date: (time: number) => string) {
  const window = saleWindow(product, now);
  if (window.state === 'upcoming') return `on sale from ${date(window.opens)}`;
  if (window.state === 'ended') return 'sales closed';
  return product.onSaleUntil === null ? null : `on sale until ${date(product.onSaleUntil)}`;
}

function ProductRow({ product, onEdit }: { product: Product; onEdit: () => void }) {
  const format = useShopFormat();
  const sales = saleNote(product, useSaleNow([product]), format.date);
  const perOrder =
    product.minPerOrder > 1 ? `${product.minPerOrder} to ${product.maxPerOrder}` : `up to ${product.maxPerOrder}`;
  const toggle = () =>
    void saveQuickly(
      () => updateValues(paths.product(product.id), { active: !product.active }),
      product.active ? `${product.title} is hidden from the shop.` : `${product.title} is on sale again.`,
    );
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <div>
          <Typography sx={{ fontWeight: 600 }}>{product.title}</Typography>
          <Typography variant="body2" color="textSecondary">
            {format.money(product.price)} · {product.stock === null ? 'no stock limit' : `${product.stock} in stock`} ·
            {perOrder} per order{sales && ` · ${sales}`} · {product.category}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {!product.active && <Chip size="small" label="Hidden" />}
          <Button size="small" onClick={onEdit} aria-label={`Edit ${product.title}`}>
            Edit
          </Button>
          <Button size="small" onClick={toggle} aria-label={`${product.active ? 'Hide' : 'Show'} ${product.title}`}>
            {product.active ? 'Hide' : 'Show'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Create, edit, hide and restock products. */
export function ProductsManager() {
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  return (
    <Section
      title="Products"
      action={
        <Button variant="contained" onClick={() => setEditing('new')}>
          New product
        </Button>
      }
    >
      <LiveContent path={paths.products} label="products">
        {(raw) => {
          const products = allProducts(raw);
          return (
            <>
              {products.length === 0 && <Typography>No products yet.</Typography>}
              <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
                {products.map((product) => (
                  <ProductRow key={product.id} product={product} onEdit={() => setEditing(product)} />
                ))}
              </Stack>
              {editing && (
                <ProductEditor
                  product={editing === 'new' ? null : editing}
                  takenIds={new Set(products.map((product) => product.id))}
                  onClose={() => setEditing(null)}
                />
              )}
            </>
          );
        }}
      </LiveContent>
    </Section>
  );
}
