import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

/** What a visitor sees instead of a page that broke while rendering. */
export function PageErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack spacing={2} sx={{ minHeight: '50vh', alignItems: 'flex-start' }}>
      <Typography variant="h1">Something went wrong</Typography>
      <Typography>This page hit a problem. Your wishlist is safe.</Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={onRetry}>
          Retry
        </Button>
        <Button component={Link} to="/home" variant="outlined" onClick={onRetry}>
          Go to the home page
        </Button>
      </Stack>
    </Stack>
  );
}
