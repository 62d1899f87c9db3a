/**
 * Whether two values read from the database (plain objects, arrays and primitives, keys in the order their
 * parser wrote them) hold the same data. A live update that changes nothing then re-renders nothing: the first
 * value after a page rendered on the server, or after the cached copy, is usually the same.
 */
export function sameData(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
