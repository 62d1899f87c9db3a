import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../lib/visuallyHidden';

const bar = { display: 'block', bgcolor: 'action.hover', borderRadius: 1 } as const;

/**
 * Holds the space a page heading and its first lines take, so nothing around it moves when the page arrives.
 * It fades in after a moment, so fast loads do not flash. Plain boxes rather than MUI's Skeleton: this is part
 * of the start-up bundle.
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
        <Box
          component="span"
          sx={{ ...bar, display: 'inline-block', width: '40%', height: '0.8em', verticalAlign: 'middle' }}
        />
      </Typography>
      <Box sx={{ ...bar, width: '80%', height: '1em', mt: 1.5 }} />
      <Box sx={{ ...bar, width: '70%', height: '1em', mt: 1 }} />
      <Box sx={{ ...bar, height: 160, mt: 2 }} />
    </Box>
  );
}
