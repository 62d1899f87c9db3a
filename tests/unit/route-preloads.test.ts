import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { routeFiles, routeOfPage } from '../../scripts/build/routePreloads';

type Chunk = Pick<
  Rollup.OutputChunk,
  'type' | 'fileName' | 'isEntry' | 'facadeModuleId' | 'imports' | 'dynamicImports'
>;
const chunk = (fileName: string, fields: Partial<Chunk> = {}): Chunk => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  ...fields,
});
const bundleOf = (...chunks: Chunk[]) =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as Rollup.OutputBundle;

describe('route preloads', () => {
  it('name a page file by its route', () => {
    expect(routeOfPage('/repo/src/pages/CartPage.tsx')).toBe('/cart');
    expect(routeOfPage('/repo/src/pages/ComingSoonPage.tsx')).toBe('/coming-soon');
    expect(routeOfPage('/repo/src/features/cart/CartPage.tsx')).toBeNull();
    expect(routeOfPage('/repo/src/pages/pages.css')).toBeNull();
  });

  it('list the start-up code and everything the page imports, once, without what the entry already holds', () => {
    const routes = routeFiles(
      bundleOf(
        chunk('assets/index.js', {
          isEntry: true,
          imports: ['assets/state.js'],
          dynamicImports: ['assets/client.js', 'assets/startApp.js'],
        }),
        chunk('assets/state.js'),
        chunk('assets/client.js'),
        chunk('assets/startApp.js', {
          imports: ['assets/state.js', 'assets/jsx.js'],
          dynamicImports: ['assets/CartPage.js'],
        }),
        chunk('assets/jsx.js'),
        chunk('assets/CartPage.js', {
          facadeModuleId: '/repo/src/pages/CartPage.tsx',
          imports: ['assets/MuiScope.js', 'assets/jsx.js'],
          dynamicImports: ['assets/Dialog.js'],
        }),
        chunk('assets/MuiScope.js', { imports: ['assets/Paper.js'] }),
        chunk('assets/Paper.js', { imports: ['assets/MuiScope.js'] }),
        chunk('assets/Dialog.js'),
      ),
    );
    expect(routes).toEqual({
      '/cart': [
        '/assets/client.js',
        '/assets/startApp.js',
        '/assets/jsx.js',
        '/assets/CartPage.js',
        '/assets/MuiScope.js',
        '/assets/Paper.js',
      ],
    });
  });

  it('refuse a build without an entry', () => {
    expect(() => routeFiles(bundleOf(chunk('assets/a.js')))).toThrow(/no entry chunk/);
  });
});
