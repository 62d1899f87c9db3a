import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../app/usePageTitle';

export default function LoginPage() {
  usePageTitle('Sign in');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Sign in</Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h2" gutterBottom>
          Accounts are not open yet
        </Typography>
        <Typography color="text.secondary">
          You can browse and keep a wishlist without an account; it is saved on this device.
        </Typography>
      </Paper>
    </Stack>
  );
}
