/**
 * Which dependencies may run install scripts (`allowScripts` in package.json, docs/testing.md#where-the-time-goes):
 * every package the lockfile marks as having one is named, so a new one is looked at before it runs or is skipped;
 * and `re2`'s C++ build stays denied only while the Hosting config needs no `re2`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

const manifest = readJson('package.json') as { allowScripts?: Record<string, boolean> };
const lock = readJson('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };

/** `node_modules/a/node_modules/@b/c` → `@b/c`. */
const packageName = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Every `regex` key anywhere under `value`. */
function regexKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(regexKeys);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'regex' ? [String(inner)] : regexKeys(inner)));
}

describe('install scripts', () => {
  it('names every dependency the lockfile says has one', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
      .map(([path]) => packageName(path));
    expect(withScripts.length).toBeGreaterThan(0);
    const unnamed = withScripts.filter((name) => !(name in (manifest.allowScripts ?? {})));
    expect(unnamed).toEqual([]);
  });

  it('denies re2 its native build, which the Hosting config has no regex rules to need', () => {
    expect(manifest.allowScripts?.['re2']).toBe(false);
    expect(regexKeys((readJson('firebase.json') as { hosting?: unknown }).hosting)).toEqual([]);
  });
});
