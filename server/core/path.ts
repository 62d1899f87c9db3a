/** Firebase's limits on keys and nesting; the SDK enforces the same ones on its side. */
const MAX_KEY_BYTES = 768;
export const MAX_DEPTH = 32;

// eslint-disable-next-line no-control-regex -- control characters are exactly what Firebase forbids in keys
const FORBIDDEN_KEY_CHARS = /[.$#[\]/\u0000-\u001f\u007f]/;

export class InvalidPathError extends Error {
  override name = 'InvalidPathError';
}

export function isValidKey(key: string): boolean {
  return key.length > 0 && !FORBIDDEN_KEY_CHARS.test(key) && Buffer.byteLength(key, 'utf8') <= MAX_KEY_BYTES;
}

/**
 * Splits "/a/b", "a/b/", "" or "/" into validated keys. `allowPriority` admits a trailing ".priority" (how the
 * SDK's setPriority addresses a node's priority).
 */
export function parsePath(text: string, allowPriority = false): string[] {
  const keys = text.split('/').filter((key) => key !== '');
  keys.forEach((key, index) => {
    const priorityTail = allowPriority && key === '.priority' && index === keys.length - 1 && index > 0;
    if (!priorityTail && !isValidKey(key)) throw new InvalidPathError(`Invalid key "${key}" in path "${text}"`);
  });
  if (keys.length > MAX_DEPTH) throw new InvalidPathError(`Path "${text}" is deeper than ${MAX_DEPTH} levels`);
  return keys;
}

export function pathToString(path: readonly string[]): string {
  return '/' + path.join('/');
}

/** True when `prefix` is `path` itself or one of its ancestors. */
export function isPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== path[i]) return false;
  return true;
}
