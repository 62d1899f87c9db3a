import { tellEarlyPressesFailed } from './app/earlyPressNote';
import { showStartFailed } from './app/startFailed';
import { afterFirstPaint } from './lib/afterFirstPaint';
import { nextTask } from './lib/nextTask';
import { isLanguage } from './i18n/languages';
// The stylesheet of everything drawn without MUI: Vite links it in index.html's head, so a page from the server
// is styled at its first paint, with no script (docs/styling.md).
import './styles/app.css';

// The app's code runs once the browser has painted what the HTML holds: for a first visit, the page the server
// rendered (src/ssr), which is then on screen before the main thread is busy taking it over.
afterFirstPaint(start);

function start(): void {
  // All of it is requested at once. A module graph is evaluated when it has arrived, in a task of its own: the
  // smaller graph (React DOM) runs before the app's, and no one task runs all of it.
  void import('react-dom/client');
  // A page from the server names its language: its messages come in the same round (src/app/language.ts).
  const language = document.documentElement.lang;
  if (isLanguage(language))
    import('./i18n/catalogues').then(({ loadMessages }) => loadMessages(language)).catch(() => undefined);
  import('./app/startApp')
    // Evaluating the app's code is a long task on a slow phone already: starting it comes in the next.
    .then(({ startApp }) => nextTask().then(() => startApp(document.getElementById('root'))))
    .catch((error: unknown) => {
      console.error('Start-up failed: the app’s code could not be loaded.', error);
      // A page from the server stays readable, its links plain links; the bare app shell would be a blank page.
      const root = document.getElementById('root');
      if (!root?.firstElementChild) showStartFailed(root);
      else tellEarlyPressesFailed();
    });
}
