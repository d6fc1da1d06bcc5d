/**
 * `npm run bench [-- <name> ...]`: runs every bench/*.bench.ts module in turn (or only those whose
 * file name contains one of the names) and prints one plain-text table per module.
 *
 * A module exports `async function run(): Promise<BenchRow[]>` and may export `const title`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchRow } from './measure.js';

interface BenchModule {
  title?: string;
  run(): Promise<BenchRow[]>;
}

/** Aligned columns: text to the left, numbers to the right. */
export function formatTable(rows: BenchRow[]): string {
  if (rows.length === 0) return '(no rows)';
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const numeric = columns.map((c) => rows.every((r) => r[c] === undefined || typeof r[c] === 'number'));
  // A column with any fraction shows two decimals throughout, so its digits line up.
  const decimals = columns.map((c) => (rows.some((r) => typeof r[c] === 'number' && !Number.isInteger(r[c])) ? 2 : 0));
  const cell = (v: string | number | undefined, i: number) =>
    v === undefined ? '' : typeof v === 'number' ? v.toLocaleString('en-US', { minimumFractionDigits: decimals[i], maximumFractionDigits: decimals[i] }) : v;
  const cells = rows.map((r) => columns.map((c, i) => cell(r[c], i)));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) => values.map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

async function main() {
  const dir = import.meta.dirname;
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .sort();
  if (files.length === 0) {
    console.error(`No bench module matches ${only.join(', ')} (modules: ${fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).join(', ')})`);
    process.exit(1);
  }
  let failed = 0;
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as BenchModule;
    const title = mod.title ?? file.replace(/\.bench\.ts$/, '');
    console.log(`\n== ${title} ==`);
    const started = performance.now();
    try {
      const rows = await mod.run();
      console.log(formatTable(rows));
      console.log(`(${file}, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    } catch (err) {
      failed++;
      console.error(`${file} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
