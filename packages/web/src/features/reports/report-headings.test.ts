// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');
const css = readFileSync(path.join(src, 'app/styles/pages.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of the rule whose selector list holds `selector`. */
function declarations(selector: string): Record<string, string> {
  const rule = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].find((m) => m[1]!.split(',').some((s) => s.trim() === selector));
  if (!rule) return {};
  return Object.fromEntries(
    rule[2]!
      .split(';')
      .map((d) => d.split(':').map((x) => x.trim()))
      .filter((d) => d.length === 2 && d[0] !== '')
      .map(([k, v]) => [k, v]),
  );
}

describe('report headings keep their words whole (a Chinese heading is not one character a line on a phone)', () => {
  it('wrap between words only: keep-all, never an ellipsis', () => {
    const th = declarations('.mbx-report-table thead th');
    expect(th['word-break']).toBe('keep-all');
    expect(th['white-space']).toBe('normal');
    expect(th['text-overflow']).toBe('clip');
    expect(declarations('.mbx-report-table thead th .mantine-datatable-ellipsis')['word-break']).toBe('keep-all');
  });

  it('covers the report screens’ tables and the Day Close sections', () => {
    expect(readFileSync(path.join(src, 'features/reports/ReportTable.tsx'), 'utf8')).toContain('className="mbx-report-table"');
    expect(readFileSync(path.join(src, 'features/day-close/DayClosePage.tsx'), 'utf8')).toContain('<Table striped className="mbx-report-table">');
  });
});
