/**
 * A 4:3 product picture that reserves its space before it loads and loads only near the viewport, unless it is
 * `eager`: one of the first on screen, wanted at once (likely the largest paint), so not held back by lazy loading.
 */
export function ProductImage({ src, alt, eager = false }: { src: string; alt: string; eager?: boolean }) {
  return (
    <img
      className="product-image"
      src={src || undefined}
      alt={alt}
      width={640}
      height={480}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
