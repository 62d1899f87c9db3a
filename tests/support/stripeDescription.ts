/**
 * The card provider's published description, pinned (tests/fixtures/stripe/README.md): an extract of data from a
 * public repository, which this repository does not commit. It is read from where the steering repository keeps such
 * data (shared/fixtures/stripe/openapi.json beside this checkout), else from STRIPE_OPENAPI_EXTRACT, else from a
 * local copy made with scripts/cardProvider/extractOpenApi.ts at tests/fixtures/stripe/openapi.json (ignored by
 * git). Null when none is there: the tests that hold the fake to it then say they did not.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PLACES = [
  new URL('../../../shared/fixtures/stripe/openapi.json', import.meta.url),
  ...(process.env.STRIPE_OPENAPI_EXTRACT ? [new URL(`file://${process.env.STRIPE_OPENAPI_EXTRACT}`)] : []),
  new URL('../fixtures/stripe/openapi.json', import.meta.url),
].map((url) => fileURLToPath(url));

let warned = false;

/** The extract's text, or null (said once per test process) when it is nowhere here. */
export function stripeDescriptionText(): string | null {
  const found = PLACES.find((place) => existsSync(place));
  if (found) return readFileSync(found, 'utf8');
  if (!warned) {
    warned = true;
    console.warn(
      'The card provider’s published description is not here (tests/fixtures/stripe/README.md): the local card provider’s answers are not held to it in this run.',
    );
  }
  return null;
}
