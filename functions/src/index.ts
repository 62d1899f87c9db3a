/**
 * The Cloud Functions codebase: one HTTPS function that Firebase Hosting rewrites /home, /products, /about and
 * /contact to (firebase.json). It serves first visits through the same module as `vite preview`
 * (firstVisitPages.ts); the built index.html and the server renderer are bundled into lib/index.cjs by
 * scripts/buildFunctions.ts, so the deployed code is exactly the build Hosting serves.
 */
import { onRequest } from 'firebase-functions/https';
import * as render from '#first-visit-renderer';
import template from '#first-visit-template';
import { firstVisitPages, send } from './firstVisitPages';

/** Hosting rewrites name this region; the agreement test (tests/e2e-firebase) keeps the two together. */
const REGION = 'us-central1';

const pages = firstVisitPages({
  load: () => Promise.resolve({ template, render }),
  databaseUrl: process.env.FIRST_VISIT_DATABASE_URL || undefined,
});

export const firstVisitPage = onRequest(
  // Public: Hosting calls it for anonymous visitors. A few instances are plenty behind the CDN, and cap the bill.
  { region: REGION, invoker: 'public', memory: '512MiB', concurrency: 40, maxInstances: 10 },
  async (request, response) => {
    send(await pages.answer({ method: request.method, url: request.url }), response);
  },
);
