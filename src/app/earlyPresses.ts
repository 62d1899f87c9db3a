declare global {
  interface Window {
    /** Set by index.html: keeps the buttons pressed before the app has taken the page over. */
    storefrontEarlyPresses?: { stop(): Element[] };
  }
}

/** Ends the keeping of presses (from now on React handles them) and hands over those kept so far. */
export function takeEarlyPresses(): HTMLButtonElement[] {
  return (window.storefrontEarlyPresses?.stop() ?? []).filter((element) => element instanceof HTMLButtonElement);
}

/** Presses the buttons again, now that their handlers are there; one gone from the page or disabled is left. */
export function pressAgain(buttons: readonly HTMLButtonElement[]): void {
  for (const button of buttons) if (button.isConnected && !button.disabled) button.click();
}
