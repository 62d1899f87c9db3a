/** FairTurns: waiting connections are served in turn, a few messages each (the rest of its rules: request-fairness.test.ts). */
import { expect, it } from 'vitest';
import { FairTurns, type Waiting } from '../../server/protocol/turns';

/** A connection with `messages` waiting; records the order they are handled in. */
function connection(name: string, messages: number, handled: string[]): Waiting {
  let left = messages;
  return {
    serve(count) {
      for (let served = 0; served < count && left > 0; served++) {
        handled.push(name);
        left--;
      }
      return left > 0;
    },
  };
}

const turns = (count: number) =>
  new Promise<void>((resolve) => {
    const next = (left: number): void => void (left === 0 ? resolve() : setImmediate(() => next(left - 1)));
    next(count);
  });

it('serves waiting connections in turn, a few messages each', async () => {
  const handled: string[] = [];
  const fair = new FairTurns(1000, 2);
  fair.wait(connection('a', 5, handled));
  fair.wait(connection('b', 5, handled));
  await turns(3);
  expect(handled).toEqual(['a', 'a', 'b', 'b', 'a', 'a', 'b', 'b', 'a', 'b']);
});
