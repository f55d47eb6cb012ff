import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Accessibility and console checks for the browser tests: axe-core on the screen as it is now (serious and
 * critical violations fail), and no Content-Security-Policy violation since the page was opened (e.g. Zod's
 * JIT probing `new Function('')`, which the app's own CSP blocks).
 */

type PageLog = { csp: string[]; errors: string[] };
const logs = new WeakMap<Page, PageLog>();
const CSP_PREFIX = '[csp-violation]';

/**
 * Starts collecting the page's console errors and `securitypolicyviolation` events (call before the first
 * navigation; `newPage` in helpers.ts does it for every page).
 */
export async function trackPageErrors(page: Page): Promise<void> {
  if (logs.has(page)) return;
  const log: PageLog = { csp: [], errors: [] };
  logs.set(page, log);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.startsWith(CSP_PREFIX) || /Content Security Policy/i.test(text)) log.csp.push(text);
    else log.errors.push(text);
  });
  page.on('pageerror', (error) => log.errors.push(String(error)));
  await page.addInitScript((prefix: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  }, CSP_PREFIX);
}

/** Console errors (other than CSP) seen so far on the page: for diagnostics, not a failure by themselves. */
export function consoleErrors(page: Page): string[] {
  return [...(logs.get(page)?.errors ?? [])];
}

const FAILING_IMPACTS = new Set(['serious', 'critical']);
/**
 * Moderate rules that fail too: a skipped heading level (an h3 right under the page's h1) costs Lighthouse's
 * accessibility score and a screen reader's outline. (The one other moderate finding today is `region` on the open
 * Radix menus, whose content is portalled outside the landmarks.)
 */
const FAILING_RULES = new Set(['heading-order']);
const NAME_RULE = 'label-content-name-mismatch';

/**
 * Runs axe-core (WCAG 2.1 A/AA and best practices) on the page and fails on any serious or critical
 * violation (and on FAILING_RULES), listing rule, impact and the offending nodes; then fails on any CSP violation seen so far.
 * Soft assertions: the test goes on to its other screens and reports every failing one at the end.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // Let entry animations finish: colour contrast is measured on what is painted.
  await page.waitForTimeout(350);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Experimental in axe 4, so off by default: the accessible name must contain the visible label
    // (WCAG 2.5.3), e.g. a like button named 'Curtir oferta' that shows only its count.
    .options({ rules: { [NAME_RULE]: { enabled: true } } })
    .analyze();
  const ran = [results.passes, results.violations, results.incomplete, results.inapplicable].some((list) =>
    list.some((r) => r.id === NAME_RULE),
  );
  expect(ran, `${NAME_RULE} não rodou`).toBe(true);
  const failing = results.violations.filter(
    (v) => FAILING_IMPACTS.has(v.impact ?? '') || FAILING_RULES.has(v.id),
  );
  const report = failing
    .map(
      (v) =>
        `- ${v.id} (${v.impact}, ${v.nodes.length} nós): ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map(
            (n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
  const viewport = page.viewportSize();
  const where = `${name} @ ${viewport?.width ?? '?'}px (${page.url()})`;
  expect.soft(failing.length, `violações de acessibilidade em ${where}:\n${report}`).toBe(0);
  const log = logs.get(page);
  const csp = log ? log.csp.splice(0) : [];
  expect.soft(csp, `violações de CSP em ${where}`).toEqual([]);
}
