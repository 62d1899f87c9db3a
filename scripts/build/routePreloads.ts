import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * A visit that starts in the browser (the wishlist, checkout, sign-in, the dashboard, coming soon: pages that
 * are not rendered on the server) used to fetch its code in a chain: the entry, then after first paint the
 * start-up code, then the page's chunk, then MUI's chunks that page imports. Each link cost a round trip, and on a
 * slow phone the page appeared 3.5 s after the request. index.html now carries, per such route, every file of
 * that chain, and a small script asks for them all at once as module preloads once the page has painted (as
 * main.tsx starts the app: a request made before the first paint competes with what it needs): they arrive side
 * by side, and are only run when the app imports them (docs/performance.md#the-mui-routes).
 *
 * Routes are found by the pages' file names (src/pages/CartPage.tsx is /cart, ComingSoonPage.tsx /coming-soon).
 * A public page rendered on the server for a first visit (its HTML carries the first-visit data) preloads nothing:
 * its code is not what shows it first, and its pictures need the connection. A page about the visitor's own state
 * does (src/app/firstVisit.ts): the app draws it anew for a visitor with a sign-in or wishlist stored, and takes it
 * over for everyone else, either way needing its code before it answers a tap.
 */
export function routePreloads(): Plugin {
  return {
    name: 'storefront:route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const routes = routeFiles(bundle);
        const script = `<script>(function(r){var f=r[location.pathname];if(!f||document.getElementById('first-visit-data')&&!document.getElementById('root').hasAttribute('data-visitors-own'))return;requestAnimationFrame(function(){setTimeout(function(){f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})})})})(${JSON.stringify(routes)})</script>`;
        // Last in the body: after the first-visit data a server-rendered page carries, which the script looks for.
        return html.replace('</body>', `${script}</body>`);
      },
    },
  };
}

const PAGE = /\/src\/pages\/(\w+)Page\.tsx$/;

/** The route of a page file: its name before "Page", in kebab case. */
export function routeOfPage(moduleId: string): string | null {
  const name = PAGE.exec(moduleId)?.[1];
  return name ? `/${name.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase()}` : null;
}

/** Per route, the files its visit needs before the page can show: see routePreloads. */
export function routeFiles(bundle: OutputBundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('route preloads: the build has no entry chunk');
  /** A chunk and everything it imports statically, which the browser must have before running it. */
  const closure = (fileName: string, into = new Set<string>()): Set<string> => {
    if (into.has(fileName) || !byFile.has(fileName)) return into;
    into.add(fileName);
    for (const imported of byFile.get(fileName)!.imports) closure(imported, into);
    return into;
  };
  // What the entry imports after first paint (React DOM, the start-up code), and what the entry already holds.
  const startUp = new Set(entry.dynamicImports.flatMap((file) => [...closure(file)]));
  const inEntry = closure(entry.fileName);
  const routes: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const route = chunk.facadeModuleId && routeOfPage(chunk.facadeModuleId);
    if (!route) continue;
    const files = new Set([...startUp, ...closure(chunk.fileName)]);
    routes[route] = [...files].filter((file) => !inEntry.has(file)).map((file) => `/${file}`);
  }
  return routes;
}
