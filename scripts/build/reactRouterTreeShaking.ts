import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * react-router's build keeps every component it defines, used or not: each is made by a call the bundler must
 * assume has effects (`forwardRef`, `createContext`, `memo`) and then given a `displayName`, a write the bundler
 * must keep. So `<Form>`, `<ScrollRestoration>` and what they use (1.4 KB gzip) came with every first visit.
 * Marking those calls pure and dropping the names (which only React's development tools read) lets the bundler
 * leave out what the app never imports (docs/performance.md#what-a-first-visit-loads).
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'storefront:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /node_modules\/react-router\/dist\/production\/chunk-/ },
      handler(code, id) {
        const edited = new MagicString(code);
        for (const { index, 0: line } of code.matchAll(/^[\w$]+\.displayName = "[^"]*";$/gm)) {
          edited.remove(index, index + line.length);
        }
        const madeAtTopLevel = /^(?:var|let|const) [\w$]+ = (?=[\w$]+\.(?:forwardRef|createContext|memo)\()/gm;
        for (const { index, 0: declaration } of code.matchAll(madeAtTopLevel)) {
          edited.appendLeft(index + declaration.length, '/* @__PURE__ */ ');
        }
        return { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) };
      },
    },
  };
}
