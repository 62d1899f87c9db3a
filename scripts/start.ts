/**
 * `npm start`: the whole stack on this machine: the local realtime database (server/cli.ts), the Firebase Auth
 * emulator, the local mailbox (scripts/mailbox/) and the built app served by `vite preview` (which also renders
 * first visits' pages, src/ssr, and runs trusted code: orders and mail, functions/src/).
 *
 *   node --import tsx scripts/start.ts [--no-app] [--data DIR] [--db-port 9000] [--auth-port 9099] [--app-port 4173] [--dist dist]
 *                        [--smtp-port 1025] [--inbox-port 1080] [--card-port 12111]
 */
import { join, resolve } from 'node:path';
import { REPO, runStack, stackOptions, trustedCodeEnv } from './stack/localStack';
import { startProcess } from './stack/processes';

const { stack, ports, flags, values } = stackOptions({ 'app-port': 4173 }, ['no-app'], ['dist']);
const appPort = ports['app-port'];
// A build elsewhere (tests); its server renderer is beside it, in <dist>-ssr, as vite.config.ts looks for it.
const dist = resolve(values.dist ?? join(REPO, 'dist'));

await runStack(
  stack,
  flags['no-app']
    ? null
    : {
        ports: [['app', appPort]],
        required: [join(dist, 'index.html')],
        url: `http://localhost:${appPort}/`,
        appPort,
        banner: [`  App:       http://localhost:${appPort}`],
        start: async (logs) => {
          const vite = join(REPO, 'node_modules', 'vite', 'bin', 'vite.js');
          const args = [vite, 'preview', '--outDir', dist, '--port', String(appPort), '--strictPort'];
          return startProcess('app', process.execPath, args, {
            cwd: REPO,
            // First visits are rendered, and orders settled, on this stack's database, whatever port it was given.
            env: {
              ...trustedCodeEnv(stack.dbPort, stack.smtpPort, stack.cardPort),
              TRUSTED_CODE_SHOP_URL: `http://localhost:${appPort}`,
            },
            logFile: join(logs, 'app.log'),
          });
        },
      },
);
