/** Runs the callback once the browser has painted the next frame (the first one, at start-up). */
export function afterFirstPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}
