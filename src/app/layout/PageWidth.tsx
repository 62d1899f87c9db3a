import Box, { type BoxProps } from '@mui/material/Box';

/**
 * A centred column with side padding, as MUI's Container gives, for the layouts on every page: a Box keeps
 * Container's code out of the start-up bundle.
 */
export function PageWidth({ maxWidth, sx, ...props }: BoxProps & { maxWidth: 'sm' | 'lg' }) {
  return (
    <Box
      {...props}
      sx={[{ width: '100%', maxWidth, mx: 'auto', px: { xs: 2, sm: 3 } }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
