/**
 * The Cloud Functions codebase, two HTTPS functions behind Firebase Hosting's rewrites (firebase.json):
 * - firstVisitPage: first visits rendered (every page but the dashboard, which redirects), through the same module as
 *   `vite preview` (firstVisitPages.ts); the built index.html and the server renderer are bundled into lib/ by
 *   scripts/buildFunctions.ts, so the deployed code is exactly the build Hosting serves.
 * - allocateOrders: /api/orders/allocate, which settles the order queue (orders/), as `vite preview` does locally.
 */
import { onRequest } from 'firebase-functions/https';
import template from '#first-visit-template';
import { firstVisitPages, send } from './firstVisitPages';
import { allocateRequest } from './orders/allocateEndpoint';
import { adminQueueDatabase } from './orders/adminQueueDatabase';
import { type Allocator, createAllocator } from './orders/allocator';
import { backfillDeskIndex } from './desk/backfill';

/**
 * Hosting rewrites name this region; the agreement test (tests/e2e-firebase) keeps the two together. Put it
 * beside the database (the default database is in us-central1): the allocator makes three round trips to the
 * database a batch.
 */
const REGION = 'us-central1';

const pages = firstVisitPages({
  // The renderer is a file of its own (scripts/buildFunctions.ts), loaded when a page is first rendered.
  load: async () => ({ template, render: await import('#first-visit-renderer') }),
  databaseUrl: process.env.FIRST_VISIT_DATABASE_URL || undefined,
});

export const firstVisitPage = onRequest(
  // Public: Hosting calls it for anonymous visitors. A few instances are plenty behind the CDN, and cap the bill.
  { region: REGION, invoker: 'public', memory: '512MiB', concurrency: 40, maxInstances: 10 },
  async (request, response) => {
    send(await pages.answer({ method: request.method, url: request.url }), response);
  },
);

let allocator: Allocator | undefined;

export const allocateOrders = onRequest(
  // One instance settles the whole queue, so that batches are large and nobody's request waits behind a second
  // allocator's refused batch; the calls it holds are cheap waits (docs/production.md#the-allocator).
  {
    region: REGION,
    invoker: 'public',
    memory: '512MiB',
    cpu: 1,
    concurrency: 1000,
    maxInstances: 1,
    timeoutSeconds: 60,
  },
  async (request, response) => {
    if (!allocator) {
      const db = adminQueueDatabase();
      // Orders placed before the staff desk's index existed get their entries (docs/data-model.md#the-staff-desk).
      backfillDeskIndex(db).catch((error: unknown) => console.error('desk index:', error));
      allocator = createAllocator(db);
    }
    const answer = await allocateRequest(allocator, request.method);
    response.status(answer.status).set(answer.headers).send(answer.body);
  },
);
