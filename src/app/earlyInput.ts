import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { notify } from '../lib/toast/notifier';
import { handOverEarlyPressNote } from './earlyPressNote';

/** Set by index.html: keeps the buttons pressed before the app has taken the page over, and answers some at once. */
interface EarlyPresses {
  /** Ends the keeping; the buttons pressed so far, in order, once a press. */
  stop(): Element[];
  /** The product titles of the "Add … to wishlist" presses among `buttons`, once a press. */
  wished(buttons: Element[]): string[];
  /**
   * Shows the note for these wishlist presses (all kept so far when not given), or with no titles takes it away.
   * With `failure`, they were not done and will not be, and why; presses still to come get the same answer.
   */
  say(titles?: string[], failure?: string): void;
}

declare global {
  interface Window {
    storefrontEarlyPresses?: EarlyPresses;
  }
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** What was typed on a page rendered on the server before its code ran (a second or so on a slow phone). */
export interface EarlyInput {
  typed: [TextField, string][];
}

/**
 * Notes what was typed into the page's fields, which hydration would otherwise set back to the values the server
 * rendered. Presses go on being kept until the page is live: React would otherwise take the whole page over at
 * once, in the press's own task, to handle one, and nothing of the press would show until then.
 */
export function takeEarlyInput(container: HTMLElement): EarlyInput {
  const fields = container.querySelectorAll<TextField>(
    'input:not([type=checkbox], [type=radio], [type=hidden]), textarea',
  );
  const typed = [...fields]
    .filter((field) => field.value !== field.defaultValue)
    .map((field): [TextField, string] => [field, field.value]);
  return { typed };
}

/** Ends the keeping of presses: React handles them from now on. */
function takePresses(): HTMLButtonElement[] {
  return (window.storefrontEarlyPresses?.stop() ?? []).filter((element) => element instanceof HTMLButtonElement);
}

/** Types and presses it all again, now that the handlers are there; a field or button gone from the page is left. */
export function replayEarlyInput({ typed }: EarlyInput): void {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    // React took the typed text for the rendered value and would put the rendered one back on its next render.
    // Telling it the rendered value (its tracked setter), then typing (the element's own setter and an input
    // event) makes it see the change, as from the keyboard.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const presses = takePresses();
  const dropped: HTMLButtonElement[] = [];
  for (const button of presses) {
    if (button.isConnected && !button.disabled) button.click();
    else dropped.push(button);
  }
  settle(presses, dropped);
}

/** The page to render is not the one the presses were made on: none of them is done, and the visitor is told. */
export function dropEarlyPresses(): void {
  const presses = takePresses();
  settle(presses, presses);
}

/** The app's own toasts now tell what became of the presses, of those it could not do too. */
function settle(presses: Element[], dropped: Element[]): void {
  if (presses.length === 0) return;
  const notAdded = [...new Set(window.storefrontEarlyPresses?.wished(dropped))];
  if (notAdded.length > 0) {
    const list = new Intl.ListFormat(i18n.locale, { type: 'unit' }).format(notAdded);
    notify({
      severity: 'error',
      summary: t`Wishlist not changed`,
      detail: t`The page changed while it was loading. Press again to add: ${list}`,
    });
  }
  handOverEarlyPressNote();
}
