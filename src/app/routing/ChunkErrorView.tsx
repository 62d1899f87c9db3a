import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Shown when a page's code could not be fetched: offline, a flaky connection, or a release replaced it. */
export function ChunkErrorView({ onRetry }: { onRetry: () => void }) {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <Stack spacing={2} sx={{ minHeight: '50vh', alignItems: 'flex-start' }}>
      <Typography variant="h1">This page didn’t load</Typography>
      <Typography>
        {offline
          ? 'You seem to be offline. Connect to the internet and try again; your wishlist is safe.'
          : 'The connection dropped or a new version of the shop was just released. Your wishlist is safe.'}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={onRetry}>
          Retry
        </Button>
        <Button variant="outlined" onClick={() => window.location.reload()}>
          Reload the app
        </Button>
      </Stack>
    </Stack>
  );
}
