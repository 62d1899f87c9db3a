import { chooseLanguage, isShopLanguage, shopLanguage, type ShopLanguage } from '../i18n/languages';
import { tellEarlyPressesFailed } from './earlyPressNote';

/**
 * The language the note speaks: the page's, once the server or the app has named one, else the browser's. The app
 * may have failed before its stored choice could be read (docs/languages.md).
 */
function noteLanguage(): ShopLanguage {
  const page = document.documentElement.lang;
  return isShopLanguage(page) ? page : shopLanguage(chooseLanguage(navigator.languages));
}

/** Start-up failures go to the console, and the visitor still gets a page with a way forward (index.html). */
export function showStartFailed(container: HTMLElement | null): void {
  tellEarlyPressesFailed();
  const fallback = document.getElementById(`start-failed-${noteLanguage()}`);
  const page = fallback instanceof HTMLTemplateElement ? fallback.content.cloneNode(true) : 'The shop could not start.';
  container?.replaceChildren(page);
}
