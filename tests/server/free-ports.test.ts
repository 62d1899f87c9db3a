import { expect, it } from 'vitest';
import { freePorts } from '../../scripts/stack/ports';

// A port handed out is bound later, by another process: until then the system may offer it again, and two servers
// of one test would race for it (the side-by-side Auth emulators once did: scripts/stack/ports.ts).
it('never hands out the same port twice, across calls, though the system offers released ones again', async () => {
  const ports: number[] = [];
  // A thousand draws from the system's ephemeral range are all but sure to meet one port twice.
  for (let i = 0; i < 250; i++) ports.push(...(await freePorts(4)));
  expect(ports).toHaveLength(1000);
  expect(new Set(ports).size).toBe(1000);
});
