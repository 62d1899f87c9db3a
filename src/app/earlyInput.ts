declare global {
  interface Window {
    /** Set by index.html: keeps the buttons pressed before the app has taken the page over. */
    storefrontEarlyPresses?: { stop(): Element[] };
  }
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** What the visitor did on a page rendered on the server before its code ran (a second or so on a slow phone). */
export interface EarlyInput {
  presses: HTMLButtonElement[];
  typed: [TextField, string][];
}

/**
 * Ends the keeping of presses (React handles them from now on) and notes what was typed into the page's fields,
 * which hydration would otherwise set back to the values the server rendered.
 */
export function takeEarlyInput(container: HTMLElement): EarlyInput {
  const presses = (window.storefrontEarlyPresses?.stop() ?? []).filter(
    (element) => element instanceof HTMLButtonElement,
  );
  const fields = container.querySelectorAll<TextField>(
    'input:not([type=checkbox], [type=radio], [type=hidden]), textarea',
  );
  const typed = [...fields]
    .filter((field) => field.value !== field.defaultValue)
    .map((field): [TextField, string] => [field, field.value]);
  return { presses, typed };
}

/** Types and presses it all again, now that the handlers are there; a field or button gone from the page is left. */
export function replayEarlyInput({ presses, typed }: EarlyInput): void {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    // React took the typed text for the rendered value and would put the rendered one back on its next render.
    // Telling it the rendered value (its tracked setter), then typing (the element's own setter and an input
    // event) makes it see the change, as from the keyboard.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const button of presses) if (button.isConnected && !button.disabled) button.click();
}
