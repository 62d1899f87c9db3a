import { createServer, type Server } from 'node:net';

/** A loopback port nothing listens on right now, for a server started as a separate process. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port as number;
}

/**
 * Distinct loopback ports nothing listens on right now. All probes stay open until every port is chosen: probing one
 * at a time can hand back the port just released, and two servers of a test would then race for it.
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const probe = createServer();
      probes.push(probe);
      await new Promise<void>((resolve, reject) => {
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', resolve);
      });
    }
    return probes.map((probe) => (probe.address() as { port: number }).port);
  } finally {
    await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  }
}
