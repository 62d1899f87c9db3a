/**
 * The shape the code keeps as it grows (docs/architecture.md#the-shape-the-code-keeps): no import cycle in src/,
 * counting the type-only and lazy imports the linter's cycle rule does not follow; no source file over 400 lines
 * without its reason written at its top; no two files whose names differ only in case.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function tracked(...patterns: string[]): string[] {
  return execFileSync('git', ['ls-files', ...patterns], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && existsSync(resolve(root, file)));
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)'(\.[^']+)'/g;

/** Every relative import of a module (static, type-only, re-exported or lazy), resolved to a file of the repo. */
function importsOf(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(SPECIFIER)) {
    const base = resolve(dirname(resolve(root, file)), match[1]!);
    const target = ['.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ending) => base + ending)
      .find((path) => existsSync(path) && statSync(path).isFile());
    if (target) found.push(target.slice(root.length + 1));
  }
  return found;
}

/** The import cycles of a graph, each as the files around it (Tarjan's strongly connected components). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

const LONG = 400;

describe('the shape the code keeps', () => {
  it('finds a cycle when there is one, type-only and lazy imports included', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(cyclesOf(new Map([['a.ts', ['b.ts']]]))).toEqual([]);
    const source = "import type { Row } from './source-shape.test';\nconst x = () => import('./layering.test');";
    expect(importsOf('tests/unit/x.ts', source)).toEqual([
      'tests/unit/source-shape.test.ts',
      'tests/unit/layering.test.ts',
    ]);
  });

  it('has no import cycle in src/, counting type-only and lazy imports', () => {
    const graph = new Map(
      tracked('src/**/*.ts', 'src/**/*.tsx').map((file) => [
        file,
        importsOf(file, readFileSync(resolve(root, file), 'utf8')),
      ]),
    );
    expect(graph.size).toBeGreaterThan(200);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it(`says at its top why a source file is over ${LONG} lines`, () => {
    const files = tracked('src/**/*.ts', 'src/**/*.tsx', 'functions/src/**/*.ts', 'server/**/*.ts').filter(
      // The compiled message catalogues are data, written by scripts/trustedMessages.ts.
      (file) => !file.startsWith('functions/src/language/catalogues/'),
    );
    const unexplained = files.filter((file) => {
      const text = readFileSync(resolve(root, file), 'utf8');
      const lines = text.split('\n').length;
      return lines > LONG && !/^\/\*\n \* Over 400 lines: /.test(text);
    });
    expect(files.length).toBeGreaterThan(300);
    expect(unexplained).toEqual([]);
  });

  it('has no two files whose names, less their endings, differ only in case', () => {
    // desk/StatementImport.tsx beside desk/statementImport.ts: one name to say, two files to mean.
    const twins = (files: readonly string[]) => {
      const stems = new Map<string, Set<string>>();
      for (const file of files) {
        const stem = file.replace(/\.[^./]+$/, '');
        const key = stem.toLowerCase();
        stems.set(key, (stems.get(key) ?? new Set()).add(stem));
      }
      return [...stems.values()].filter((spellings) => spellings.size > 1).map((spellings) => [...spellings].sort());
    };
    expect(twins(['a/Import.tsx', 'a/import.ts', 'a/account.ts', 'a/account.css'])).toEqual([['a/Import', 'a/import']]);
    expect(twins(tracked())).toEqual([]);
  });
});
