/**
 * Builds the Cloud Functions codebase into functions/lib (CommonJS: React's server renderer is, and it loads
 * Node's own modules with require): index.cjs holds the functions, the first-visit module it shares with
 * `vite preview`, the order allocator and the built index.html; firstVisitRenderer.cjs holds the server renderer
 * from the `--ssr` build with React and the rest inlined, loaded at a first visit's first render (package.json's
 * "imports" names it), so that an instance that only settles orders never loads it. Only firebase-functions,
 * firebase-admin and PDFKit stay outside (with the documents' font, a package of files): Cloud Functions installs
 * those from functions/package.json, and the emulator finds them in the workspace's node_modules.
 *
 *   tsx scripts/buildFunctions.ts [--client dist] [--out functions/lib]
 */
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkTemplate } from '../functions/src/firstVisitPages';

const REPO = fileURLToPath(new URL('..', import.meta.url));
/** Where firebase.json's functions codebase finds its code (functions/package.json "main"). */
export const FUNCTIONS_OUT = 'functions/lib';

export async function buildFunctions(clientDir: string, outDir: string): Promise<void> {
  const template = join(clientDir, 'index.html');
  const renderer = join(`${clientDir}-ssr`, 'renderPage.js');
  for (const file of [template, renderer]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: build the app first (npm run build)`);
  }
  // A shell the function could not put a page into would serve every first visit the bare shell: refused here.
  checkTemplate(readFileSync(template, 'utf8'));
  const common = {
    bundle: true,
    platform: 'node',
    // The emulator runs on this machine's Node (20); Cloud Functions on the runtime firebase.json names (22).
    target: 'node20',
    format: 'cjs',
    minify: true,
    // React and MUI pick their production code by this; inlined, the development half is left out.
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  } as const;
  await build({
    ...common,
    entryPoints: [join(REPO, 'functions', 'src', 'index.ts')],
    outfile: join(outDir, 'index.cjs'),
    // PDFKit reads its own data files from its folder, and the documents' font comes as a package of files: both are
    // installed beside the functions (functions/package.json), not bundled.
    external: ['firebase-functions', 'firebase-admin', 'pdfkit', '#first-visit-renderer'],
    alias: { '#first-visit-template': template },
    loader: { '.html': 'text' },
  });
  await build({ ...common, entryPoints: [renderer], outfile: join(outDir, 'firstVisitRenderer.cjs') });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { client: { type: 'string' }, out: { type: 'string' } } });
  await buildFunctions(resolve(values.client ?? join(REPO, 'dist')), resolve(values.out ?? join(REPO, FUNCTIONS_OUT)));
}
