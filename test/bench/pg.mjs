// The PostgreSQL server the benchmarks use (HOOKGATE_BENCH_PG_URL, else the tests' server), and a
// schema of their own, dropped afterwards. Without a server, the PostgreSQL rows are left out.
import { randomBytes } from "node:crypto";
import pg from "pg";

export const PG_URL =
  process.env.HOOKGATE_BENCH_PG_URL ??
  process.env.HOOKGATE_TEST_PG_URL ??
  "postgres://postgres@127.0.0.1:5432/test";

export async function pgReachable() {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return true;
  } catch (err) {
    process.stderr.write(
      `  PostgreSQL rows skipped: ${PG_URL.replace(/:[^:@/]*@/, ":***@")} does not answer (${err.message})\n`,
    );
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export function benchSchema(label) {
  return `hg_bench_${label}_${randomBytes(4).toString("hex")}`;
}

export async function dropSchema(schema) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Resolves once a schema's store has no run queued or running. */
export async function pgRunsDone(schema) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const open = `SELECT count(*)::int AS n FROM "${schema}".runs WHERE status IN ('queued', 'running')`;
    while ((await client.query(open)).rows[0].n > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    await client.end();
  }
}
