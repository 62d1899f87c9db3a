import { tellEarlyPressesFailed } from './earlyPressNote';

/** Start-up failures go to the console, and the visitor still gets a page with a way forward (index.html). */
export function showStartFailed(container: HTMLElement | null): void {
  tellEarlyPressesFailed();
  const fallback = document.getElementById('start-failed');
  const page = fallback instanceof HTMLTemplateElement ? fallback.content.cloneNode(true) : 'The shop could not start.';
  container?.replaceChildren(page);
}
