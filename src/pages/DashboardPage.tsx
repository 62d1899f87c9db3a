import { withMuiScope } from '../lib/mui/MuiScope';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../features/site/usePageTitle';
import { Dashboard } from '../features/dashboard/Dashboard';

function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <Stack spacing={3} className="dashboard-page">
      <Typography variant="h1">Dashboard</Typography>
      <Dashboard />
    </Stack>
  );
}

export default withMuiScope(DashboardPage);
