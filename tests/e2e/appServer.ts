/**
 * The app the end-to-end tests open: `vite preview` of the e2e build (.env.e2e), as `npm start` serves the shop,
 * with one addition for the tests. Each test has its own database and its own trusted code, on a port of its own
 * (tests/e2e/trustedServer.ts), and names that port in a cookie of its browser context; a page's call to /api/ is
 * relayed there. Without the cookie a call goes on to the preview's own trusted code, as on `npm start`
 * (docs/testing.md#trusted-code-on-a-port-of-the-tests-own).
 *
 * Usage: tsx tests/e2e/appServer.ts <port>
 */
import { request as forward } from 'node:http';
import { preview, type Plugin } from 'vite';
import { TRUSTED_PORT_COOKIE } from './trustedCookie';

function trustedPortOf(cookies: string | undefined): number | undefined {
  const value = cookies
    ?.split(';')
    .map((cookie) => cookie.trim().split('='))
    .find(([name]) => name === TRUSTED_PORT_COOKIE)?.[1];
  const port = Number(value);
  return Number.isInteger(port) && port > 1023 && port < 65536 ? port : undefined;
}

const relayToTheTestsTrustedCode = (): Plugin => ({
  name: 'e2e:trusted-code-of-the-test',
  // Before vite.config.ts's own trusted code, which would answer from the database of `npm start`.
  enforce: 'pre',
  configurePreviewServer(server) {
    server.middlewares.use((request, response, next) => {
      const port = trustedPortOf(request.headers.cookie);
      if (port === undefined || !request.url?.startsWith('/api/')) return next();
      const upstream = forward(
        { host: '127.0.0.1', port, path: request.url, method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      // The test has ended and its trusted code with it: the page is told so, as by a server gone away.
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(upstream);
    });
  },
});

const port = Number(process.argv[2]);
const server = await preview({
  build: { outDir: 'dist-e2e' },
  preview: { port, strictPort: true },
  plugins: [relayToTheTestsTrustedCode()],
});
server.printUrls();
