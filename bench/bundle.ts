import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_VISIT_PAGES } from '../src/app/firstVisit';
import { DEFAULT_LANGUAGE } from '../src/i18n/languages';
import { PAGE_MESSAGES } from '../src/app/routing/pageMessages';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const DIST = 'dist';
/** Issue budget: initial JS+CSS of the home route, gzip. */
const INITIAL_BUDGET_BYTES = 150 * 1024;
/** Target (issue 16): what a first visit to a public page evaluates before it is interactive, gzip. */
const FIRST_VISIT_TARGET_BYTES = 110 * 1024;

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
}

/** Every file a chunk pulls in before it runs: itself, its static imports (transitively) and their CSS. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  chunk.css?.forEach((css) => into.add(css));
  chunk.imports?.forEach((imported) => closure(manifest, imported, into));
  return into;
}

const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipBytes(file), 0);

export async function runBundleBench(): Promise<Record<string, unknown>> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry chunk.');
  // main.tsx only loads the start-up code, in steps after first paint (dynamic imports): all of it counts.
  const startup = closure(manifest, entryKey);
  for (const key of manifest[entryKey]?.dynamicImports ?? []) closure(manifest, key, startup);
  // The first render waits for the messages of the visitor's language (src/app/language.ts), and a page for the
  // part of them it says besides (src/app/routing/pageMessages.ts): English's count.
  const messages = (part: string) => {
    const key = Object.keys(manifest).find((candidate) =>
      candidate.endsWith(`src/locales/${part}/${DEFAULT_LANGUAGE}.po`),
    );
    if (!key) throw new Error(`The build manifest has no ${part} messages for ${DEFAULT_LANGUAGE}.`);
    return key;
  };
  closure(manifest, messages('start'), startup);

  const pageKeys = Object.keys(manifest).filter((key) => /^src\/pages\/\w+Page\.tsx$/.test(key));
  /** A first visit hydrates once the start-up code and the page's own chunk are there (src/app/startApp.tsx). */
  const routeFiles = (page: string) => {
    const file = `${page.charAt(0).toUpperCase()}${page.slice(1)}Page`;
    const key = pageKeys.find((candidate) => candidate.endsWith(`/${file}.tsx`));
    if (!key) throw new Error(`The build manifest has no chunk for ${file}.`);
    const files = closure(manifest, key, new Set(startup));
    const part = (PAGE_MESSAGES as Partial<Record<string, string>>)[page];
    return part ? closure(manifest, messages(part), files) : files;
  };
  const homeRoute = routeFiles('home');
  const firstVisit = Object.fromEntries(
    Object.entries(FIRST_VISIT_PAGES).map(([path, page = 'home']) => {
      // The route 'home' is src/pages/HomePage.tsx.
      const files = routeFiles(page);
      const js = [...files].filter((file) => file.endsWith('.js'));
      return [path, { gzipBytes: sum(files), jsGzipBytes: sum(js), files: files.size }];
    }),
  );

  const firebaseInStartup = [...homeRoute].filter(
    (file) => file.endsWith('.js') && readFileSync(join(DIST, file), 'utf8').includes('@firebase/'),
  );

  const pages = Object.fromEntries(
    pageKeys.map((key) => {
      const own = [...closure(manifest, key)].filter((file) => !startup.has(file));
      return [key.replace(/^src\/pages\/|\.tsx$/g, ''), { gzipBytes: sum(own), files: own.length }];
    }),
  );
  const initial = sum(homeRoute);

  console.log('\nBundle (gzip, level 9)');
  console.log(
    `  initial JS+CSS of /home   ${(initial / 1024).toFixed(1)} KB  (budget ${INITIAL_BUDGET_BYTES / 1024} KB, ${initial <= INITIAL_BUDGET_BYTES ? 'within' : 'OVER'})`,
  );
  console.log(`  files loaded for /home    ${homeRoute.size}`);
  console.log(
    `  Firebase before paint     ${firebaseInStartup.length === 0 ? 'no' : `YES: ${firebaseInStartup.join(', ')}`}`,
  );
  console.log(
    `  first visit, JS+CSS evaluated before interactive (target ${FIRST_VISIT_TARGET_BYTES / 1024} KB for the public pages; the others carry the part of the messages they say):`,
  );
  for (const [path, size] of Object.entries(firstVisit)) {
    console.log(`    ${path.padEnd(16)} ${(size.gzipBytes / 1024).toFixed(1).padStart(6)} KB in ${size.files} file(s)`);
  }
  console.log('  page chunks beyond start-up:');
  for (const [name, size] of Object.entries(pages)) {
    console.log(`    ${name.padEnd(16)} ${(size.gzipBytes / 1024).toFixed(1).padStart(6)} KB in ${size.files} file(s)`);
  }
  return {
    initialHomeGzipBytes: initial,
    initialBudgetGzipBytes: INITIAL_BUDGET_BYTES,
    withinBudget: initial <= INITIAL_BUDGET_BYTES,
    firebaseBeforeFirstPaint: firebaseInStartup.length > 0,
    firstVisit,
    firstVisitTargetGzipBytes: FIRST_VISIT_TARGET_BYTES,
    pages,
  };
}
