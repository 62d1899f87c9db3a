/**
 * Who is calling a public endpoint, for its limits, from what the caller cannot choose
 * (docs/security.md#find-my-order). `X-Forwarded-For` is a list the caller starts: every entry but those that
 * proxies we trust appended is theirs to write, so only those count.
 * - `network`: the address that connected to Google's front end (Cloud Functions), the last entry of
 *   X-Forwarded-For, which that front end appends; or the socket's address where nothing stands in front
 *   (`vite preview`, the Functions emulator, where every header is the caller's).
 * - `person`: behind Firebase Hosting every visitor reaches Google from a CDN edge, so the network is shared by
 *   many; the CDN names the visitor in `Fastly-Client-IP`, which it sets itself. A caller who skips Hosting can
 *   write that header, so a limit per person is always held inside a limit per network.
 */
export interface Caller {
  network: string;
  person: string;
}

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim();
};

/** Behind Google's front end (deployed Cloud Functions). */
export function callerBehindGoogle(headers: Headers, socketAddress: string | undefined): Caller {
  const forwarded = header(headers, 'x-forwarded-for')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const network = forwarded.at(-1) ?? socketAddress ?? '';
  const visitor = header(headers, 'fastly-client-ip').slice(0, 64);
  return { network, person: visitor ? `${network} ${visitor}` : network };
}

/** Nothing we trust in front: the connection's own address is all there is. */
export function callerDirect(socketAddress: string | undefined): Caller {
  const address = socketAddress ?? '';
  return { network: address, person: address };
}
