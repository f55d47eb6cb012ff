import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The help bubble (bottom-right) must never lie over a control: at every scroll position of the screen, wherever
 * the bubble is drawn, nothing a member can act on (button, link, field, tab...) is drawn under it. Where it moved
 * out of the way or is covered (a dialog), it is not drawn there and there is nothing to check. The page is scrolled
 * from top to bottom in steps of a third of the viewport; animations are off (reduced motion), so each step shows
 * where the bubble settles.
 */
export async function expectSupportBubbleClear(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const problems = await page.evaluate(async () => {
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, video[controls], [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"], [role="combobox"], [tabindex]:not([tabindex="-1"])';
    const frames = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(() => r(null)));
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`;
    const bubble = document.querySelector('button[aria-label="Ajuda e suporte"]');
    if (!bubble) return ['o botão "Ajuda e suporte" não está na tela'];
    const found = new Set<string>();
    const max = Math.max(0, document.documentElement.scrollHeight - innerHeight);
    const step = Math.max(100, Math.floor(innerHeight / 3));
    for (let y = 0; ; y = Math.min(max, y + step)) {
      scrollTo(0, y);
      await frames(4);
      const box = bubble.getBoundingClientRect();
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      const r = (box.width / 2) * 0.8;
      for (let i = 0; i <= 8; i++) {
        const x = i === 8 ? cx : cx + r * Math.cos((i * Math.PI) / 4);
        const yy = i === 8 ? cy : cy + r * Math.sin((i * Math.PI) / 4);
        if (x < 0 || yy < 0 || x >= innerWidth || yy >= innerHeight) continue;
        const stack = document.elementsFromPoint(x, yy);
        // Only where the bubble is what the member sees (not moved away, not under a dialog).
        if (!stack[0] || !bubble.contains(stack[0])) continue;
        for (const el of stack) {
          if (bubble.contains(el) || el.contains(bubble)) continue;
          const control = el.closest(CONTROLS);
          if (control && !control.contains(bubble)) {
            found.add(`${describe(control)} sob o balão com a página rolada em ${Math.round(scrollY)} px`);
            break;
          }
        }
      }
      if (y >= max) break;
    }
    scrollTo(0, 0);
    return [...found];
  });
  await page.emulateMedia({ reducedMotion: null });
  expect.soft(problems, `controles sob o balão de ajuda em ${name}`).toEqual([]);
}
