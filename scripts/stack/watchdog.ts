/**
 * Stops what scripts/start.ts started if start.ts itself ends without doing so (killed with SIGKILL: by a process
 * manager after its grace period). It runs in a process group
 * of its own, so signals for start.ts's group do not reach it, and reads "+PID" / "-PID" lines on stdin: process
 * groups to stop, or no longer to. The kernel closes that pipe however start.ts ends; then every group still
 * listed gets SIGTERM, and SIGKILL if it has not gone after a grace period.
 */
import { createInterface } from 'node:readline';

const GRACE_MS = 10_000;
const POLL_MS = 100;
const groups = new Set<number>();

function signal(group: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, name);
    return true;
  } catch {
    return false; // the group is gone
  }
}

async function stopAll(): Promise<void> {
  const left = [...groups].filter((group) => signal(group, 'SIGTERM'));
  const deadline = Date.now() + GRACE_MS;
  while (left.some((group) => signal(group, 0)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  for (const group of left) signal(group, 'SIGKILL');
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const group = Number(line.slice(1));
  if (!Number.isInteger(group) || group <= 1) return;
  if (line.startsWith('+')) groups.add(group);
  else if (line.startsWith('-')) groups.delete(group);
});
lines.on('close', () => {
  void stopAll().then(() => process.exit(0));
});
