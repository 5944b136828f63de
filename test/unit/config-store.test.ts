// The store section: SQLite by default, PostgreSQL with its URL, pool, schema, lease and TLS, and the
// cross-checks that keep a half-configured PostgreSQL store from quietly running on SQLite.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { issueAt, loadErrors, loadYaml, TOKEN, tempDir } from "./config-helpers.js";

const hooks = `hooks: { enabled: true, token: ${TOKEN} }\n`;

describe("store config", () => {
  it("postgres: the URL from the environment, and the defaults", async () => {
    const { config } = await loadYaml(`${hooks}store: { kind: postgres, url: "\${DB_URL}" }\n`, {
      env: { DB_URL: "postgres://hookgate:pw@db.internal:5432/hookgate" },
    });
    expect(config.store).toEqual({
      kind: "postgres",
      url: "postgres://hookgate:pw@db.internal:5432/hookgate",
      poolSize: 10,
      schema: "hookgate",
      leaseSeconds: 30,
    });
  });

  it("postgres: TLS files resolve against the config's folder", async () => {
    const dir = tempDir();
    const { config } = await loadYaml(
      `${hooks}store:\n  kind: postgres\n  url: postgres://h/db\n  poolSize: 4\n  schema: edge_2\n  tls: { mode: verify-ca, ca: certs/ca.pem }\n`,
      { dir, extra: { "certs/ca.pem": "-----BEGIN CERTIFICATE-----\n" } },
    );
    expect(config.store).toMatchObject({
      poolSize: 4,
      schema: "edge_2",
      tls: { mode: "verify-ca", ca: join(dir, "certs", "ca.pem") },
    });
  });

  it("postgres without a url is an error that shows how to write one", async () => {
    const issues = await loadErrors(`${hooks}store: { kind: postgres }\n`);
    expect(issueAt(issues, "store").message).toMatch(
      /needs a url.*postgres:\/\/hookgate@127\.0\.0\.1:5432\/hookgate/,
    );
  });

  it("a url that is not PostgreSQL's is refused without repeating it (it may hold a password)", async () => {
    const issues = await loadErrors(`${hooks}store: { kind: postgres, url: "mysql://root:hunter22@db/x" }\n`);
    const issue = issueAt(issues, "store.url");
    expect(issue.message).toBe("must start with postgres:// or postgresql://, not mysql://");
    const garbled = await loadErrors(`${hooks}store: { kind: postgres, url: "not a url hunter22" }\n`);
    expect(issueAt(garbled, "store.url").message).not.toContain("hunter22");
  });

  it("PostgreSQL settings on a SQLite store are errors, not silently ignored", async () => {
    const issues = await loadErrors(`${hooks}store: { url: "postgres://h/db", poolSize: 4 }\n`);
    expect(issueAt(issues, "store.url").message).toMatch(
      /only used with store\.kind: postgres.*kind not set/,
    );
    expect(issueAt(issues, "store.poolSize").message).toMatch(
      /set store\.kind: postgres or remove store\.poolSize/,
    );
  });

  it("TLS chosen twice (sslmode in the url and store.tls) is an error", async () => {
    const issues = await loadErrors(
      `${hooks}store: { kind: postgres, url: "postgres://h/db?sslmode=require", tls: { mode: require } }\n`,
    );
    expect(issueAt(issues, "store.tls").message).toMatch(/chosen twice/);
  });

  it("a missing TLS file, and a certificate without its key, are errors naming the key", async () => {
    const issues = await loadErrors(
      `${hooks}store: { kind: postgres, url: "postgres://h/db", tls: { ca: nope.pem, cert: c.pem } }\n`,
      { extra: { "c.pem": "x" } },
    );
    expect(issueAt(issues, "store.tls.ca").message).toMatch(/nope\.pem does not exist/);
    expect(issueAt(issues, "store.tls.key").message).toMatch(
      /needs both store\.tls\.cert and store\.tls\.key/,
    );
  });

  it("a schema name that is not a plain identifier is refused by the schema", async () => {
    const issues = await loadErrors(
      `${hooks}store: { kind: postgres, url: "postgres://h/db", schema: "a;drop" }\n`,
    );
    expect(issues.some((i) => i.path === "store.schema")).toBe(true);
  });

  it("store.path with postgres is only a warning: it is not used", async () => {
    const { warnings } = await loadYaml(
      `${hooks}store: { kind: postgres, url: "postgres://h/db", path: old.db }\n`,
    );
    expect(issueAt(warnings, "store.path", "warning").message).toMatch(/not used with store\.kind: postgres/);
  });
});

describe("schema names given on the command line", () => {
  it("a --store URL's schema parameter is checked like store.schema, and kept from the server", async () => {
    const { storeFromArgument } = await import("../../src/store/read-only.js");
    expect(storeFromArgument("postgres://u@h/db?schema=edge_1&application_name=x")).toMatchObject({
      kind: "postgres",
      url: "postgres://u@h/db?application_name=x",
      schema: "edge_1",
    });
    expect(() => storeFromArgument('postgres://u@h/db?schema=a"b')).toThrow(
      /the URL's schema parameter must be lower-case letters/,
    );
  });
});
