// Fails (exit 1) when the test PostgreSQL is unreachable: database tests must never be skipped.
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const r = await client.query('select version()');
  console.log(`PostgreSQL reachable: ${r.rows[0].version.split(',')[0]}`);
  await client.end();
} catch (err) {
  console.error(`PostgreSQL is not reachable at ${url}: ${err.message}`);
  console.error('Start it (pg_ctlcluster <version> main start) or set TEST_DATABASE_URL.');
  process.exit(1);
}
