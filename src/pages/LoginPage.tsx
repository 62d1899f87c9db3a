import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../app/usePageTitle';
import { LoginPanel } from '../features/account/LoginPanel';

export default function LoginPage() {
  usePageTitle('Sign in');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Sign in</Typography>
      <LoginPanel />
    </Stack>
  );
}
