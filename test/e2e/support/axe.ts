// axe-core in the page under test: injected as a script through the DevTools protocol (the app's CSP
// allows no inline script, and evaluation over the protocol is not subject to it), then run on the
// whole document. Only serious and critical violations fail a journey.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: AxeImpact | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

type AxeWindow = {
  axe?: {
    run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }>;
  };
  document: unknown;
};

/** Every axe violation on the page as it is now (WCAG 2.x A and AA, and axe's best practices). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as unknown as AxeWindow).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const scope = globalThis as unknown as AxeWindow;
    if (!scope.axe) throw new Error('axe-core did not load in the page');
    const result = await scope.axe.run(scope.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  });
}

export function isBlocking(violation: AxeViolation): boolean {
  return violation.impact === 'serious' || violation.impact === 'critical';
}

/** A readable list of violations, for a failure message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.impact ?? 'unknown'}: ${violation.id} (${violation.help})\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`)
          .join('\n'),
    )
    .join('\n');
}
