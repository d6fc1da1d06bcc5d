/**
 * The run's template databases (made once by testing/templates-setup.ts, a vitest global set-up):
 * a migrated one and one with the demo store, per dialect. A test server's database is a copy of one
 * (a SQLite file copied, a PostgreSQL `CREATE DATABASE … TEMPLATE`) instead of being migrated and
 * seeded again by each of the ~165 servers of the server tier.
 */
export interface Template {
  /** The closed SQLite file to copy. */
  sqlite: string;
  /** The PostgreSQL database to copy (nobody connected to it). */
  postgres: string;
}

export interface Templates {
  migrated: Template;
  seeded: Template;
}

/** Where the set-up hands the templates to the test workers (they inherit its environment). */
export const TEMPLATES_ENV = 'MBX_TEST_TEMPLATES';

/** The run's templates, or undefined outside a vitest run with the set-up (then each database is migrated and seeded itself). */
export function templatesOfRun(env: NodeJS.ProcessEnv = process.env): Templates | undefined {
  const text = env[TEMPLATES_ENV];
  return text ? (JSON.parse(text) as Templates) : undefined;
}
