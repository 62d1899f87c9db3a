import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { muiTheme } from '../../src/lib/mui/theme';

const TOKENS = readFileSync('src/styles/tokens.css', 'utf8');
const DARK_MEDIA = '@media (prefers-color-scheme: dark)';

/** The custom properties declared in a block of CSS, as name → value. */
function declarations(css: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of css.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) found.set(match[1]!, match[2]!);
  return found;
}

const [lightBlock, darkBlock] = TOKENS.split(DARK_MEDIA) as [string, string];
const own = declarations(lightBlock);
const fontFamily = own.get('--font-family') ?? '';

/** Spacing and quoting differ between the hand-written file and MUI's output; the values must not. */
function normalise(value: string): string {
  return value.replace('var(--font-family)', fontFamily).replace(/\s+/g, '').replace(/'/g, '"');
}

type Sheet = Record<string, Record<string, string | number> | Record<string, Record<string, string | number>>>;
const sheets = (muiTheme() as unknown as { generateStyleSheets(): Sheet[] }).generateStyleSheets();
const muiLight = new Map<string, string>();
const muiDark = new Map<string, string>();
for (const sheet of sheets) {
  for (const [selector, body] of Object.entries(sheet)) {
    const target = selector === DARK_MEDIA ? muiDark : muiLight;
    const values = selector === DARK_MEDIA ? (body as Record<string, Record<string, string>>)[':root'] : body;
    for (const [name, value] of Object.entries(values ?? {}))
      if (name.startsWith('--')) target.set(name, String(value));
  }
}

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('the static design tokens (src/styles/tokens.css)', () => {
  it('give every MUI variable they declare the value the MUI theme gives it, light and dark', () => {
    const light = [...own].filter(([name]) => name.startsWith('--mui-'));
    expect(light.length).toBeGreaterThan(20);
    for (const [name, value] of light) {
      expect(muiLight.has(name), `${name} is not a variable of the theme`).toBe(true);
      expect(normalise(value), name).toBe(normalise(muiLight.get(name)!));
    }
    const dark = [...declarations(darkBlock)];
    expect(dark.length).toBeGreaterThan(10);
    for (const [name, value] of dark) {
      expect(muiDark.has(name), `${name} has no dark value in the theme`).toBe(true);
      expect(normalise(value), name).toBe(normalise(muiDark.get(name)!));
    }
  });

  it('switch every colour the theme switches for dark mode', () => {
    const lightColours = [...own.keys()].filter((name) => name.startsWith('--mui-palette-'));
    const darkNames = new Set(declarations(darkBlock).keys());
    const switched = lightColours.filter((name) => muiDark.has(name) && muiDark.get(name) !== muiLight.get(name));
    expect(switched.filter((name) => !darkNames.has(name))).toEqual([]);
  });

  it('declare every variable the stylesheets use without a fallback', () => {
    const files = cssFiles('src').map((file) => [file, readFileSync(file, 'utf8')] as const);
    // The tokens, and the few variables a stylesheet declares for its own component.
    const declared = new Set(files.flatMap(([, css]) => [...declarations(css).keys()]));
    const used = files.flatMap(([file, css]) =>
      [...css.matchAll(/var\((--[\w-]+)\s*(,?)/g)]
        .filter((match) => match[2] === '')
        .map((match) => `${file}: ${match[1]}`),
    );
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((use) => !declared.has(use.split(': ')[1]!))).toEqual([]);
  });
});
