import { spawn, type ChildProcess } from 'node:child_process';
import { DEFAULT_NAMESPACE } from '../../server/server';

/**
 * The app server that renders first-visit pages (src/ssr) from a database of first-visit.spec.ts's own: a second
 * `vite preview` of the e2e build, so that no other spec ever gets a page rendered from that spec's data.
 */
export const FIRST_VISIT_APP_PORT = Number(process.env.E2E_FIRST_VISIT_PORT ?? 4184);
export const FIRST_VISIT_DB_PORT = Number(process.env.E2E_FIRST_VISIT_DB_PORT ?? 9101);

export async function startFirstVisitServer(): Promise<{ url: string; stop(): void }> {
  const url = `http://localhost:${FIRST_VISIT_APP_PORT}`;
  const preview: ChildProcess = spawn(
    'npx',
    ['vite', 'preview', '--outDir', 'dist-e2e', '--port', String(FIRST_VISIT_APP_PORT), '--strictPort'],
    {
      env: {
        ...process.env,
        FIRST_VISIT_DATABASE_URL: `http://127.0.0.1:${FIRST_VISIT_DB_PORT}?ns=${DEFAULT_NAMESPACE}`,
      },
      stdio: 'ignore',
      detached: true,
    },
  );
  const stop = () => {
    if (preview.pid && preview.exitCode === null) process.kill(-preview.pid);
  };
  for (let attempt = 0; attempt < 150; attempt++) {
    if (preview.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/favicon.svg`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`the first-visit app server did not come up on port ${FIRST_VISIT_APP_PORT}`);
}
