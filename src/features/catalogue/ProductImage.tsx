import Box from '@mui/material/Box';

/** A 4:3 product picture that reserves its space before it loads and loads only near the viewport. */
export function ProductImage({ src, alt, eager = false }: { src: string; alt: string; eager?: boolean }) {
  return (
    <Box
      component="img"
      src={src || undefined}
      alt={alt}
      width={640}
      height={480}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'action.hover' }}
    />
  );
}
