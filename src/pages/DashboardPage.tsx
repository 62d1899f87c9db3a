import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { usePageTitle } from '../app/usePageTitle';
import { authAtom } from '../state/atoms';

export default function DashboardPage() {
  const auth = useAtomValue(authAtom);
  usePageTitle('Dashboard');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Dashboard</Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {auth.authenticated ? (
          <>
            <Typography variant="h2" gutterBottom>
              Welcome{auth.firstname ? `, ${auth.firstname}` : ''}
            </Typography>
            <Typography color="text.secondary">There is nothing to manage here yet.</Typography>
          </>
        ) : (
          <>
            <Typography variant="h2" gutterBottom>
              You are not signed in
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Sign in to see your orders and manage the shop.
            </Typography>
            <Button component={Link} to="/login" variant="contained">
              Sign in
            </Button>
          </>
        )}
      </Paper>
    </Stack>
  );
}
