import { createServer, type Server } from 'node:net';

/** A loopback port nothing listens on right now, for a server started as a separate process. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port as number;
}

/**
 * Ports this process has handed out. A server started as a separate process binds its port some time later, so until
 * then the system may offer the same port to the next probe: the Auth emulators started side by side once got, as
 * helper ports of the first, the port already chosen for the fourth, which then could not start.
 */
const handedOut = new Set<number>();

/**
 * Distinct loopback ports nothing listens on right now, and none this process handed out before. All probes stay open
 * until every port is chosen: probing one at a time can hand back the port just released, and two servers of a test
 * would then race for it.
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes: Server[] = [];
  const chosen: number[] = [];
  try {
    while (chosen.length < count) {
      const probe = createServer();
      probes.push(probe);
      await new Promise<void>((resolve, reject) => {
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', resolve);
      });
      const { port } = probe.address() as { port: number };
      // Kept open all the same, so the system offers another next.
      if (!handedOut.has(port)) chosen.push(port);
    }
    for (const port of chosen) handedOut.add(port);
    return chosen;
  } finally {
    await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  }
}
