import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * The rules `wcagViolations` runs: WCAG 2.0, 2.1 and 2.2 at levels A and AA. Not axe's 'best-practice'
 * tag: its empty-table-header still finds the reports' totals rows and the tables' unnamed action columns.
 */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

interface AxeWindow {
  axe?: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> };
}

/** Runs axe-core in the page (`runOnly`: the tags to run, else every rule); every violation found. */
async function runAxe(page: Page, runOnly?: readonly string[]): Promise<AxeViolation[]> {
  // Evaluated by the test driver, not as a <script> tag: the app's CSP refuses inline scripts, as it should.
  // Once per document: a page that moves by its router keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const w = window as unknown as AxeWindow;
    const r = await w.axe!.run(document, { resultTypes: ['violations'], ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}) });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  }, runOnly ? [...runOnly] : null);
}

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  return (await runAxe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Every violation, of any impact, of the WCAG 2.0/2.1/2.2 A and AA rules (issue 37): what the layout
 * sweep, the console's sweep and the sign-ins assert empty on every page.
 */
export function wcagViolations(page: Page): Promise<AxeViolation[]> {
  return runAxe(page, WCAG_AA_TAGS);
}
