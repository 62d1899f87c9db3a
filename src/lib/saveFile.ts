/**
 * Hands a file the app made or trusted code sent to the browser to save under `name` (a CSV, a document's PDF, the
 * accountant's ZIP).
 */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The browser has the file once the click is handled; the address is let go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The bytes of a file trusted code sent in JSON as base64. */
export const base64Bytes = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
