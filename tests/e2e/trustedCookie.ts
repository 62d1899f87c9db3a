/** The cookie a test's browser context names its trusted code's port in (tests/e2e/appServer.ts). */
export const TRUSTED_PORT_COOKIE = 'e2e-trusted-code-port';
