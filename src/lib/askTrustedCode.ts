import { t } from '@lingui/core/macro';

/**
 * What a page asks of trusted code for the holder of an order's link (paying another way, a ticket's name): a POST
 * of JSON, its answer in the words the page shows. Trusted code answers 200 with `{kind}`: `changed`, or a refusal
 * the caller words; 404 for a link that opens nothing; 409 when the order changed under it (`busy`: ask again).
 */
export type TrustedAnswer = { kind: 'changed' } | { kind: 'busy' } | { kind: 'refused'; message: string };

export const refused = (message: string) => ({ kind: 'refused', message }) as const;

export async function askTrustedCode(
  endpoint: string,
  payload: unknown,
  words: { refusals: Readonly<Record<string, string>>; notFound: string },
): Promise<TrustedAnswer> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(20_000),
    });
  } catch {
    return refused(t`The shop cannot be reached (are you offline?). Try again in a moment.`);
  }
  if (response.status === 409) return { kind: 'busy' };
  const body = (await response.json().catch(() => ({}))) as { kind?: unknown; error?: unknown };
  if (response.ok && body.kind === 'changed') return { kind: 'changed' };
  if (response.ok && typeof body.kind === 'string' && Object.hasOwn(words.refusals, body.kind)) {
    return refused(words.refusals[body.kind]!);
  }
  if (response.status === 404) return refused(words.notFound);
  // Trusted code's own words are for developers, in English: the page says it in the reader's language.
  if (typeof body.error === 'string') console.warn(`${endpoint}: ${body.error}`);
  return refused(t`The shop cannot change this now: try again shortly.`);
}
