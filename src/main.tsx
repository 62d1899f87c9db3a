/** The next task, after the browser has painted. */
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

// The app's code runs once the browser has painted what the HTML holds: for a first visit, the page the server
// rendered (src/ssr), which is then on screen before the main thread is busy taking it over. Its modules are
// evaluated in steps, each in a task of its own, so that none holds the main thread for long.
const steps = [() => import('react-dom/client'), () => import('@mui/material/styles'), () => import('./app/theme')];

async function start(): Promise<void> {
  for (const step of steps) {
    await nextPaint();
    await step();
  }
  await nextPaint();
  const { startApp } = await import('./app/startApp');
  startApp(document.getElementById('root'));
}

start().catch((error: unknown) => console.error('Start-up failed: the app’s code could not be loaded.', error));
