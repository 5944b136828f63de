// The PostgreSQL server the tests use: HOOKGATE_TEST_PG_URL, by default the loopback server with
// trust auth. Each test works in a schema of its own with a unique name (other suites, and other
// people's, run on the same server at the same time) and drops it afterwards. When the server does
// not answer, the PostgreSQL tests fail under CI=true and are skipped, loudly, elsewhere.
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { PostgresStoreConfig } from "../../src/config/types.js";

export const PG_URL = process.env["HOOKGATE_TEST_PG_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";

const HOW_TO_START =
  "start it with `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` (or point HOOKGATE_TEST_PG_URL at a server, e.g. postgres://postgres@127.0.0.1:5432/test)";

let availability: Promise<boolean> | undefined;

/** Whether the server answers. Under CI=true a server that does not answer throws instead. */
export function pgAvailable(): Promise<boolean> {
  availability ??= (async () => {
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 10_000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return true;
    } catch (err) {
      const problem = `PostgreSQL does not answer at ${PG_URL.replace(/:[^:@/]*@/, ":***@")} (${(err as Error).message}); ${HOW_TO_START}`;
      if (process.env["CI"] === "true") throw new Error(problem);
      console.warn(`\n*** SKIPPING the PostgreSQL tests: ${problem}\n`);
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return availability;
}

/** A schema name no other test uses (lower case, at most 48 characters, as store.schema allows). */
export function uniqueSchema(label = "t"): string {
  return `hg_${label.slice(0, 12)}_${process.pid}_${randomBytes(5).toString("hex")}`;
}

/** Runs SQL on the test server outside any store (inspection, simulated crashes, clean-up). */
export async function pgQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export async function dropSchema(schema: string): Promise<void> {
  await pgQuery(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}

/** A store section for the test server; small pools, since many tests share the server's connections. */
export function pgStoreConfig(schema: string, over: Partial<PostgresStoreConfig> = {}): PostgresStoreConfig {
  return { kind: "postgres", url: PG_URL, poolSize: 4, schema, leaseSeconds: 30, ...over };
}

/**
 * As if every instance holding runs of `schema` died now: their leases end and belong to no live
 * instance (so none renews them).
 */
export async function expireLeases(schema: string): Promise<void> {
  await pgQuery(
    `UPDATE "${schema}".runs SET lease_until = 0, lease_owner = 'dead-instance' WHERE lease_owner IS NOT NULL`,
  );
}
