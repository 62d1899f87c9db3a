import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../app/usePageTitle';

export default function ProductsPage() {
  usePageTitle('Products');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Products</Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h2" gutterBottom>
          No products to show yet
        </Typography>
        <Typography color="text.secondary">
          The catalogue appears here as soon as the shop publishes it.
        </Typography>
      </Paper>
    </Stack>
  );
}
