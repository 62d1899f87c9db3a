import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { usePageTitle } from '../features/site/usePageTitle';
import { FeaturedProducts } from '../features/catalogue/FeaturedProducts';
import { addToWishlist } from '../features/wishlist/addToWishlist';
import { siteAtom } from '../state/atoms';

export default function HomePage() {
  const site = useAtomValue(siteAtom);
  usePageTitle('');
  return (
    <Stack spacing={4}>
      <Stack component="section" aria-labelledby="home-heading" spacing={2} sx={{ py: { xs: 2, md: 6 } }}>
        <Typography id="home-heading" variant="h1">
          {site.name}
        </Typography>
        {site.tagline && (
          <Typography variant="h2" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
            {site.tagline}
          </Typography>
        )}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={Link} to="/products" variant="contained" size="large">
            Browse products
          </Button>
          <Button component={Link} to="/contact" variant="outlined" size="large">
            Contact us
          </Button>
        </Stack>
      </Stack>
      <Paper component="section" aria-labelledby="featured-heading" variant="outlined" sx={{ p: 3 }}>
        <Typography id="featured-heading" variant="h2" gutterBottom>
          Coming up
        </Typography>
        <FeaturedProducts onAdd={addToWishlist} />
      </Paper>
    </Stack>
  );
}
