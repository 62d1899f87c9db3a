import type { Plugin, Rolldown } from 'vite';

/** Page modules are named after their routes (spec §2): src/pages/ComingSoonPage.tsx serves /coming-soon. */
const PAGE_MODULE = /\/src\/pages\/(\w+)Page\.tsx$/;

/** 'ComingSoon' → '/coming-soon'. */
export function routeOfPage(name: string): string {
  return `/${name.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase()}`;
}

/** A chunk and every chunk it imports statically, as file names. */
function withStaticImports(bundle: Rolldown.OutputBundle, fileName: string, found = new Set<string>()): Set<string> {
  const output = bundle[fileName];
  if (found.has(fileName) || output?.type !== 'chunk') return found;
  found.add(fileName);
  for (const imported of output.imports) withStaticImports(bundle, imported, found);
  return found;
}

/** The inline script: adds a modulepreload link for each of the opened route's files. */
function preloadScript(routes: Record<string, string[]>): string {
  return `(function (routes) {
  var files = routes[location.pathname.replace(/\\/+$/, '')] || [];
  files.forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  });
})(${JSON.stringify(routes)});`;
}

/**
 * Every page is its own chunk, fetched when the router reaches it: after the start-up code has downloaded and
 * run, a second round trip on a slow phone network before the page's content can show. This puts a small script
 * in index.html that, for the route being opened, preloads that page's chunks alongside the start-up code. Only
 * that route's: the others still load on demand.
 */
export function routeChunkPreload(): Plugin {
  let base = '/';
  return {
    name: 'storefront:route-chunk-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return undefined;
        const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
        const startup = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...withStaticImports(bundle, chunk.fileName)]));
        const routes: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const page = chunk.isDynamicEntry ? chunk.facadeModuleId?.match(PAGE_MODULE)?.[1] : undefined;
          if (!page) continue;
          routes[routeOfPage(page)] = [...withStaticImports(bundle, chunk.fileName)].filter((file) => !startup.has(file)).map((file) => `${base}${file}`);
        }
        return [{ tag: 'script', children: preloadScript(routes), injectTo: 'head' }];
      },
    },
  };
}
