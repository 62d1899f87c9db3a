/**
 * `npm start`: the whole stack on this machine: the local realtime database (server/cli.ts), the Firebase Auth
 * emulator and the built app served by `vite preview` (which also renders first visits' pages: src/ssr).
 *
 *   tsx scripts/start.ts [--no-app] [--data DIR] [--db-port 9000] [--auth-port 9099] [--app-port 4173]
 */
import { join } from 'node:path';
import { REPO, runStack, stackOptions } from './stack/localStack';
import { startProcess } from './stack/processes';

const { stack, ports, flags } = stackOptions({ 'app-port': 4173 }, ['no-app']);
const appPort = ports['app-port'];

await runStack(
  stack,
  flags['no-app']
    ? null
    : {
        ports: [['app', appPort]],
        required: [join(REPO, 'dist', 'index.html')],
        url: `http://localhost:${appPort}/`,
        banner: [`  App:       http://localhost:${appPort}`],
        start: (logs) =>
          startProcess('app', process.execPath, [join(REPO, 'node_modules', 'vite', 'bin', 'vite.js'), 'preview', '--port', String(appPort), '--strictPort'], {
            cwd: REPO,
            logFile: join(logs, 'app.log'),
          }),
      },
);
