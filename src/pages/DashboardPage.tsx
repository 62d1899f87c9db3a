import { Trans, useLingui } from '@lingui/react/macro';
import { withMuiScope } from '../lib/mui/MuiScope';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../features/site/usePageTitle';
import { Dashboard } from '../features/dashboard/Dashboard';

function DashboardPage() {
  const { t } = useLingui();
  usePageTitle(t`Dashboard`);
  return (
    <Stack spacing={3} className="dashboard-page">
      <Typography variant="h1">
        <Trans>Dashboard</Trans>
      </Typography>
      <Dashboard />
    </Stack>
  );
}

export default withMuiScope(DashboardPage);
