/**
 * A readable id from a name, for records staff name (products, quotas, tax rates): "Harbour Jazz Night" →
 * "harbour-jazz-night". Accents fall away, ß is ss; what is neither a letter a–z nor a digit becomes a hyphen; at most `max`
 * characters.
 */
export function slugify(title: string, max = 64): string {
  return title
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}
