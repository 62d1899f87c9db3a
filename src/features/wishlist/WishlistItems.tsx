import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { formatMoney, lineTotal } from '../../lib/money';
import { cartAtom, siteAtom } from '../../state/atoms';
import { quantityOf } from '../../state/cart';
import { wishlist } from './appWishlist';

/** The wishlist's rows with quantity and removal, and its total. */
export function WishlistItems() {
  const cart = useAtomValue(cartAtom);
  const { currency, locale } = useAtomValue(siteAtom);
  const money = (amount: number) => formatMoney(amount, currency, locale);

  return (
    <Stack spacing={2}>
      <List aria-label="Wishlist items" disablePadding>
        {cart.products.map((item) => {
          const quantity = quantityOf(item);
          return (
            <ListItem key={item.id} divider sx={{ gap: 2, flexWrap: 'wrap' }}>
              <ListItemText
                primary={item.title}
                secondary={`${money(item.price)} each`}
                sx={{ flex: '1 1 12rem' }}
              />
              <Stack direction="row" sx={{ alignItems: 'center' }} role="group" aria-label={`Quantity of ${item.title}`}>
                <IconButton
                  aria-label={`One fewer ${item.title}`}
                  disabled={quantity <= 1}
                  onClick={() => wishlist.setQuantity(item, quantity - 1)}
                >
                  <RemoveIcon />
                </IconButton>
                <Typography sx={{ minWidth: '2ch', textAlign: 'center' }} aria-live="polite">
                  {quantity}
                </Typography>
                <IconButton aria-label={`One more ${item.title}`} onClick={() => wishlist.setQuantity(item, quantity + 1)}>
                  <AddIcon />
                </IconButton>
              </Stack>
              <Typography sx={{ minWidth: '6rem', textAlign: 'right' }}>
                {money(lineTotal([{ price: item.price, quantity }]))}
              </Typography>
              <IconButton aria-label={`Remove ${item.title}`} onClick={() => wishlist.remove(item.id)}>
                <DeleteOutline />
              </IconButton>
            </ListItem>
          );
        })}
      </List>
      <Divider />
      <Stack direction="row" sx={{ justifyContent: 'space-between', px: 2 }}>
        <Typography variant="h2" component="p">
          Total
        </Typography>
        <Typography variant="h2" component="p" data-testid="wishlist-total">
          {money(cart.total)}
        </Typography>
      </Stack>
    </Stack>
  );
}
