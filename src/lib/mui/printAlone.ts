/* eslint-disable lingui/no-unlocalized-strings -- CSS selectors and declarations, no words */
/**
 * Print rules that put the element matching `selector` alone on paper: everything beside the path from <body> to
 * it is left out (taken out of the layout, so it cannot add blank pages), the path itself is laid flat, and paper
 * is white whatever the screen's scheme (with "background graphics" on, a dark page would print). For GlobalStyles,
 * inside '@media print'; callers add what their own content needs. `when` qualifies <body> (a class, `:not(…)`) where
 * one page holds two things that each print alone (printChoice.ts).
 */
export function printAlone(selector: string, when = ''): Record<string, Record<string, string>> {
  const body = `body${when}`;
  return {
    [`${body}:has(${selector}) *:not(:has(${selector})):not(${selector}):not(${selector} *)`]: {
      display: 'none !important',
    },
    [`:root:has(${body} ${selector})`]: { colorScheme: 'light' },
    [`${body}:has(${selector})`]: { backgroundColor: '#fff !important', color: '#000 !important' },
    [`${body}:has(${selector}) *:has(${selector}), ${body} ${selector}`]: {
      backgroundColor: 'transparent !important',
      backgroundImage: 'none !important',
      display: 'block !important',
      position: 'static !important',
      margin: '0 !important',
      padding: '0 !important',
      border: 'none !important',
      maxWidth: 'none !important',
      minHeight: '0 !important',
    },
  };
}
