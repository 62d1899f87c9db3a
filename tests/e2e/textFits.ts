import type { Page } from '@playwright/test';

/**
 * Every piece of text on the screen that a reader cannot read whole (docs/languages.md#the-pseudo-language): text
 * past the page's width, text cut off by a box that hides what overflows it (an ellipsis included), and text drawn
 * over other text. Text that is not shown (hidden, visually hidden for screen readers, in a collapsed box) and
 * text in a box that scrolls is not counted; with a modal dialog open, only the dialog's text is. Each problem names the element and the start of its text.
 */
export async function unreadableText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems = new Set<string>();
    const width = document.documentElement.clientWidth;
    const name = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/)[0] : '';
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} “${text}”`;
    };
    const hiding = (style: CSSStyleDeclaration) =>
      ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
    const scrolling = (style: CSSStyleDeclaration) =>
      ['auto', 'scroll'].includes(style.overflowX) || ['auto', 'scroll'].includes(style.overflowY);
    /** Shown to a sighted reader: no hidden ancestor, no box of a pixel or less (visually hidden text). */
    const shown = (element: Element): boolean => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
        if (style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== '')) return false;
        const box = at.getBoundingClientRect();
        if (hiding(style) && (box.width <= 1 || box.height <= 1)) return false;
      }
      return true;
    };
    const texts: { element: Element; rect: DOMRect }[] = [];
    // Behind a modal dialog the page is out of reach, and the dialog is drawn over it by design: only it counts.
    const dialogs = document.querySelectorAll('[role=dialog][aria-modal=true], [role=alertdialog][aria-modal=true]');
    const root = dialogs.length > 0 ? dialogs[dialogs.length - 1]! : document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim() || !shown(element)) continue;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION', 'TEXTAREA'].includes(element.tagName)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width < 1 || rect.height < 1) continue;
        let inScroller = false;
        let cut = false;
        let seen: DOMRect | null = rect;
        for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
          const style = getComputedStyle(box);
          if (scrolling(style)) {
            // Text a reader can scroll to is not lost, past the page's edge or not; what shows of it now is what
            // lies inside the scrolling box.
            inScroller = true;
            const edge = box.getBoundingClientRect();
            const left = Math.max(rect.left, edge.left);
            const top = Math.max(rect.top, edge.top);
            const right = Math.min(rect.right, edge.right);
            const bottom = Math.min(rect.bottom, edge.bottom);
            seen = right - left >= 1 && bottom - top >= 1 ? new DOMRect(left, top, right - left, bottom - top) : null;
            break;
          }
          if (!hiding(style) || cut) continue;
          const edge = box.getBoundingClientRect();
          cut =
            rect.right > edge.right + 1 ||
            rect.left < edge.left - 1 ||
            rect.bottom > edge.bottom + 1 ||
            rect.top < edge.top - 1;
        }
        if (!inScroller && cut) problems.add(`cut off: ${name(element)}`);
        if (!inScroller && (rect.right > width + 1 || rect.left < -1))
          problems.add(`past the page's width: ${name(element)}`);
        if (seen) texts.push({ element, rect: seen });
      }
    }
    // Text over text: two lines of different elements crossing by more than a sliver (a descender may touch).
    // Slanted text (a chart's rotated ticks) is left out: its boxes are upright and cross where its letters do not.
    const slanted = (element: Element) =>
      element.closest('svg text[transform*="rotate"], svg [transform*="rotate"] text') !== null;
    for (let i = 0; i < texts.length; i += 1) {
      for (let j = i + 1; j < texts.length; j += 1) {
        const a = texts[i]!;
        const b = texts[j]!;
        if (a.element === b.element || a.element.contains(b.element) || b.element.contains(a.element)) continue;
        if (slanted(a.element) || slanted(b.element)) continue;
        const across = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const down = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (across > 2 && down > Math.min(a.rect.height, b.rect.height) / 3)
          problems.add(`over other text: ${name(a.element)} and ${name(b.element)}`);
      }
    }
    return [...problems];
  });
}
