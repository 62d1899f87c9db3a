import type { Json, RulesData } from './types';

/** A write to apply with JsonRulesData.withWrites; `value` may carry `.priority`/`.value` as in exports. */
export interface JsonWrite {
  path: readonly string[];
  value: unknown;
}

type Raw = { [key: string]: unknown };

const isRawObject = (value: unknown): value is Raw =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Plain value without priorities; empty objects are absent (null), as in the database. */
function strip(value: unknown): Json {
  if (isRawObject(value)) {
    if ('.value' in value) return strip(value['.value']);
    const out: { [key: string]: Json } = {};
    let empty = true;
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('.')) continue;
      const stripped = strip(child);
      if (stripped === null) continue;
      Object.defineProperty(out, key, { value: stripped, enumerable: true, writable: true, configurable: true });
      empty = false;
    }
    return empty ? null : out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

function rawAt(raw: unknown, path: readonly string[]): unknown {
  let node = raw;
  for (const key of path) {
    if (!isRawObject(node) || '.value' in node || !Object.hasOwn(node, key)) return null;
    node = node[key];
  }
  return node;
}

/** A copy of `raw` with `value` at `path` (null removes it); the original is not changed. */
function setAt(raw: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string, ...string[]];
  const copy: Raw = isRawObject(raw) && !('.value' in raw) ? { ...raw } : {};
  Object.defineProperty(copy, key, {
    value: setAt(copy[key], rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/** In-memory RulesData over a JSON value in the export format (`.priority`, `.value` allowed). */
export class JsonRulesData implements RulesData {
  private readonly plain: Json;

  constructor(private readonly raw: unknown) {
    this.plain = strip(raw);
  }

  val(path: readonly string[]): Json {
    let node: Json = this.plain;
    for (const key of path) {
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return null;
      node = node[key]!;
    }
    return node;
  }

  exists(path: readonly string[]): boolean {
    return this.val(path) !== null;
  }

  hasChildren(path: readonly string[]): boolean {
    const value = this.val(path);
    return value !== null && typeof value === 'object' && Object.keys(value).length > 0;
  }

  priority(path: readonly string[]): string | number | null {
    if (this.val(path) === null) return null;
    const node = rawAt(this.raw, path);
    if (!isRawObject(node)) return null;
    const priority = node['.priority'];
    return typeof priority === 'string' || typeof priority === 'number' ? priority : null;
  }

  /** The data after the writes, applied in order (a set: one write; a multi-path update: several). */
  withWrites(writes: readonly JsonWrite[]): JsonRulesData {
    return new JsonRulesData(writes.reduce((raw, write) => setAt(raw, write.path, write.value), this.raw));
  }
}
