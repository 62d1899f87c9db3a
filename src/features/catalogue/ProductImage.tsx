import Box from '@mui/material/Box';

/**
 * A 4:3 product picture that reserves its space before it loads and loads only near the viewport, unless it is
 * `eager`: one of the first on screen, wanted at once (likely the largest paint), so not held back by lazy loading.
 */
export function ProductImage({ src, alt, eager = false }: { src: string; alt: string; eager?: boolean }) {
  return (
    <Box
      component="img"
      src={src || undefined}
      alt={alt}
      width={640}
      height={480}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      sx={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: '4 / 3',
        objectFit: 'cover',
        bgcolor: 'action.hover',
      }}
    />
  );
}
