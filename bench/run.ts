import { mkdirSync, writeFileSync } from 'node:fs';
import { runBundleBench } from './bundle';
import { runCatalogueBench } from './catalogue';
import { runCheckoutBench } from './checkout';
import { runDeskBench } from './desk';
import { runDoorBench } from './door';
import { runFirstVisitFunctionBench } from './firstVisitFunction';
import { runLighthouseBench } from './lighthouse';
import { runPropagationBench } from './propagation';
import runServerBench from './server';
import { runStartupBench } from './startup';
import { runHostileBench } from './server-hostile';
import { runRushBench } from './rush';
import { runLifecycleBench } from './lifecycle';
import { runWaitingListBench } from './waitingList';

/** `npm run bench`: every benchmark in turn; figures are printed and saved, never asserted. */
const results: Record<string, unknown> = { date: new Date().toISOString() };
results.bundle = await runBundleBench();
// Lighthouse before the other browser benchmarks: it runs in this process and times a page on the same two
// cores, and after them (a large heap to collect, their servers just stopped) its runs of /home scored 4 to 6
// points lower than on their own.
results.lighthouse = await runLighthouseBench();
// On the Lighthouse run's build of the Firebase stack, and before the heavier benchmarks load the machine.
results.firstVisitFunction = await runFirstVisitFunctionBench();
results.startup = await runStartupBench();
results.checkout = await runCheckoutBench();
results.propagation = await runPropagationBench();
results.catalogue = await runCatalogueBench();
results.server = await runServerBench();
results.serverUnderHostileLoads = await runHostileBench();
results.door = await runDoorBench();
results.desk = await runDeskBench();
results.rush = await runRushBench();
// Its checks fail loudly (the exit code), as the rush's codes do; its job times are printed, never asserted.
results.waitingList = await runWaitingListBench();
results.lifecycle = runLifecycleBench();
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
console.log('\nSaved bench/results/latest.json');
