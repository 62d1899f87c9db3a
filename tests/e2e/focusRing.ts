import type { Page } from '@playwright/test';

/** What keyboard focus on the focused element looks like: the ring's colour and width, what it is drawn on. */
interface FocusIndicator {
  /** The focused element, for messages: tag, name or text. */
  element: string;
  /** The same number for the same element on each call in one document. */
  id: number;
  /** The ring: the element's outline, or for a text field the field's outline border. */
  color: string;
  width: number;
  /** The colour right around the ring: the first opaque background behind it, tints composited on top. */
  around: string;
  /** WCAG contrast of the ring against that colour. */
  contrast: number;
}

/**
 * Reads the focus indicator of `document.activeElement` once it is drawn. The ring is drawn 2px outside the element (base.css), so
 * what surrounds it is its parents' background; a text field shows focus as its thicker primary outline instead
 * (MUI's outlined field and ours, src/lib/fields.css), drawn on the field's own background; a switch or a
 * checkbox, on the button around its hidden input.
 */
function focusIndicator(page: Page): Promise<FocusIndicator | null> {
  return page.evaluate(async () => {
    // MUI's fields and buttons mark focus with a class React adds a render after the focus moves (plain elements
    // draw it from CSS at once), and a busy machine delays that render: wait for it, briefly, in the page (one round
    // trip a stop). A ring that never comes is still read, and reported.
    const shown = () => {
      const focused = document.activeElement;
      const field = focused?.closest('.MuiOutlinedInput-root');
      if (field) return field.classList.contains('Mui-focused');
      const button = focused?.closest('.MuiButtonBase-root');
      return !button || button.classList.contains('Mui-focusVisible');
    };
    // A field's ring may fade in (a transition, however short, starts from the colour before): read once it ends.
    const fading = () => document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running');
    const frame = () => new Promise((drawn) => requestAnimationFrame(drawn));
    await frame();
    for (const until = performance.now() + 3000; (!shown() || fading()) && performance.now() < until;) await frame();
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    type Rgba = [number, number, number, number];
    const parse = (text: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (text.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, text.startsWith('rgba') ? a : 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i]! * a + below[i]! * (1 - a)).concat(1) as Rgba;
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const behind = (from: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let node = from; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] === 1) break;
      }
      let result: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const field = element.closest('.field__box, .MuiOutlinedInput-root');
    // MUI's switches and checkboxes focus an invisible input; the round button around it draws the ring.
    const drawer = element.matches('input[type="checkbox"], input[type="radio"]')
      ? (element.closest('.Mui-focusVisible') ?? element)
      : element;
    const style = getComputedStyle(drawer);
    let ring: { color: string; width: number; on: Element | null };
    if (field && (element.matches('input, textarea, select') || element.getAttribute('role') === 'combobox')) {
      const outline = getComputedStyle(field.querySelector('fieldset') ?? field);
      ring = { color: outline.borderTopColor, width: parseFloat(outline.borderTopWidth), on: field };
    } else {
      const drawn = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      ring = {
        color: drawn ? style.outlineColor : 'rgba(0, 0, 0, 0)',
        width: drawn ? parseFloat(style.outlineWidth) : 0,
        on: drawer.parentElement,
      };
    }
    const around = behind(ring.on);
    const colour = over(parse(ring.color), around);
    const [light, dark] = [luminance(colour), luminance(around)].sort((a, b) => b - a) as [number, number];
    const ids = ((window as unknown as { focusIds?: WeakMap<Element, number> }).focusIds ??= new WeakMap());
    if (!ids.has(element)) ids.set(element, Math.random());
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return {
      element: `${element.tagName.toLowerCase()} "${name}"`,
      id: ids.get(element)!,
      color: ring.color,
      width: ring.width,
      around: `rgb(${around.slice(0, 3).map(Math.round).join(', ')})`,
      contrast: Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100,
    };
  });
}

/**
 * Presses Tab until the focus comes back round (or `limit` stops) and returns every stop whose ring is thinner
 * than 2px or has less than 3:1 contrast with what surrounds it.
 */
export async function weakFocusRings(page: Page, limit = 80): Promise<string[]> {
  const weak = new Set<string>();
  let first: number | null = null;
  for (let stop = 0; stop < limit; stop++) {
    await page.keyboard.press('Tab');
    const found = await focusIndicator(page);
    if (!found) continue;
    if (found.id === first) break;
    first ??= found.id;
    if (found.width < 2 || found.contrast < 3)
      weak.add(`${found.element}: ${found.width}px ${found.color} on ${found.around} (${found.contrast}:1)`);
  }
  return [...weak];
}
