import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { cartAtom } from '../../state/atoms';
import { quantityOf } from '../../state/cart';
import type { CartItem } from '../../state/types';
import { wishlist } from './appWishlist';
import { ConfirmDialog } from '../../lib/mui/ConfirmDialog';
import { EMPTY_WISHLIST_ID } from './EmptyWishlist';

/** What clearing would remove, said plainly: one product by its name, more by count. */
function clearingSummary(products: readonly CartItem[]): string {
  const units = products.reduce((sum, item) => sum + quantityOf(item), 0);
  if (products.length === 1) {
    const title = products[0]!.title;
    return plural(units, {
      one: `“${title}” will be removed from this device.`,
      other: `# × “${title}” will be removed from this device.`,
    });
  }
  const count = products.length;
  return units > count
    ? plural(count, { other: `# products (${units} items in all) will be removed from this device.` })
    : plural(count, {
        one: '# product will be removed from this device.',
        other: '# products will be removed from this device.',
      });
}

/** "Clear wishlist", asked once more first: it empties the whole list in one tap (docs/behaviour.md#wishlist). */
export function ClearWishlistButton() {
  const [asking, setAsking] = useState(false);
  const products = useAtomValue(cartAtom).products;
  const { t } = useLingui();
  return (
    <>
      <Button variant="outlined" color="secondary" onClick={() => setAsking(true)}>
        <Trans>Clear wishlist</Trans>
      </Button>
      <ConfirmDialog
        open={asking}
        title={t`Clear your wishlist?`}
        text={clearingSummary(products)}
        keepLabel={t`Keep them`}
        confirmLabel={t`Clear wishlist`}
        onKeep={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          wishlist.clear();
          // The button and its dialog leave with the items, and focus would fall to <body>: it goes to what
          // replaced them, once drawn (docs/behaviour.md#wishlist).
          requestAnimationFrame(() => document.getElementById(EMPTY_WISHLIST_ID)?.focus());
        }}
      />
    </>
  );
}
