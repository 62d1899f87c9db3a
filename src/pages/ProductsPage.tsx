import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../features/site/usePageTitle';
import { CatalogueView } from '../features/catalogue/CatalogueView';
import { addToWishlist } from '../features/wishlist/addToWishlist';

export default function ProductsPage() {
  usePageTitle('Products');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Products</Typography>
      <CatalogueView onAdd={addToWishlist} />
    </Stack>
  );
}
