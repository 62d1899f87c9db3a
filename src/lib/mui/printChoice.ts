/**
 * Two things on one page that each print alone (printAlone.ts), such as the order page's tickets and its gift cards:
 * the page's main one prints whenever <body> does not carry PRINTING_APART, the other while it does (printApart).
 */
export const PRINTING_APART = 'printing-apart';

/** Prints the thing that prints while <body> carries PRINTING_APART, for as long as the print lasts. */
export function printApart(): void {
  document.body.classList.add(PRINTING_APART);
  window.addEventListener('afterprint', () => document.body.classList.remove(PRINTING_APART), { once: true });
  window.print();
}
