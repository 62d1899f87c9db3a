/**
 * The database server versions the benchmarks compare: this checkout's `server/`, and the server as it was before
 * the work on hostile clients and durability (issue 12), taken from git into a cache directory inside
 * node_modules (so that its imports of `ws` resolve), once.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/**
 * The last commit before that work ("Database server: rules before hashes, …" is its first); another can be
 * named in BENCH_BEFORE_COMMIT.
 */
const BEFORE_COMMIT = process.env.BENCH_BEFORE_COMMIT ?? '4dbab31';

export interface ServerVersion {
  label: string;
  /** The `server/` directory to load. */
  dir: string;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function serverVersions(): ServerVersion[] {
  const now = { label: 'now', dir: join(ROOT, 'server') };
  const cache = join(ROOT, 'node_modules', '.cache', 'bench-server', BEFORE_COMMIT);
  if (!existsSync(join(cache, 'server', 'server.ts'))) {
    try {
      mkdirSync(cache, { recursive: true });
      const archive = execFileSync('git', ['archive', BEFORE_COMMIT, 'server'], { cwd: ROOT, maxBuffer: 64 << 20 });
      execFileSync('tar', ['-x', '-C', cache], { input: archive });
    } catch (error) {
      console.warn(`bench: no "before" server (${(error as Error).message}); measuring this checkout's only`);
      return [now];
    }
  }
  return [{ label: `before (${BEFORE_COMMIT})`, dir: join(cache, 'server') }, now];
}
