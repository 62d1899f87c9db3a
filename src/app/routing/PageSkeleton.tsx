import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../lib/visuallyHidden';

/**
 * Holds the space a page heading and its first lines take, so nothing around it moves when the page arrives.
 * It fades in after a moment, so fast loads do not flash.
 */
export function PageSkeleton() {
  return (
    <Box
      role="status"
      data-testid="page-loading"
      sx={{
        minHeight: '50vh',
        opacity: 0,
        animation: 'page-skeleton-in 200ms ease-out 150ms forwards',
        '@keyframes page-skeleton-in': { to: { opacity: 1 } },
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        Loading page…
      </Box>
      <Typography variant="h1" component="div" aria-hidden="true" data-testid="page-loading-heading">
        <Skeleton width="40%" />
      </Typography>
      <Skeleton variant="text" width="80%" />
      <Skeleton variant="text" width="70%" />
      <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
    </Box>
  );
}
