// How store.tls becomes the driver's TLS options (the modes mean what libpq's sslmode values mean),
// and how the database is named in messages: never with its password.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PostgresStoreConfig } from "../../src/config/types.js";
import { connectionConfig, describeDatabase, pgText } from "../../src/store/postgres/connect.js";
import { tempDir } from "./config-helpers.js";

const base: PostgresStoreConfig = {
  kind: "postgres",
  url: "postgres://hookgate:s3cret@db.internal:5433/hg",
  poolSize: 7,
  schema: "hookgate",
  leaseSeconds: 30,
};

describe("PostgreSQL connection settings", () => {
  it("without store.tls the URL decides; the pool size is the config's", () => {
    const c = connectionConfig(base, base.poolSize);
    expect(c.ssl).toBeUndefined();
    expect(c.max).toBe(7);
    expect(c.connectionString).toBe(base.url);
  });

  it("maps each TLS mode, reading the PEM files", () => {
    const dir = tempDir();
    const ca = join(dir, "ca.pem");
    writeFileSync(ca, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    const ssl = (mode: NonNullable<PostgresStoreConfig["tls"]>["mode"]) =>
      connectionConfig({ ...base, tls: { mode, ca } }, 1).ssl as Record<string, unknown> | false;
    expect(ssl("disable")).toBe(false);
    expect(ssl("require")).toMatchObject({ rejectUnauthorized: false, ca: expect.stringContaining("BEGIN") });
    const verifyCa = ssl("verify-ca") as { rejectUnauthorized: boolean; checkServerIdentity: () => unknown };
    expect(verifyCa.rejectUnauthorized).toBe(true);
    expect(verifyCa.checkServerIdentity()).toBeUndefined();
    const full = ssl("verify-full") as Record<string, unknown>;
    expect(full).toMatchObject({ rejectUnauthorized: true });
    expect(full).not.toHaveProperty("checkServerIdentity");
  });

  it("names the database without password or parameters", () => {
    expect(describeDatabase("postgres://hookgate:s3cret@db.internal:5433/hg?sslmode=require")).toBe(
      "postgres://hookgate@db.internal:5433/hg",
    );
    expect(describeDatabase("not a url s3cret")).not.toContain("s3cret");
  });

  it("keeps every character PostgreSQL text can hold and replaces U+0000", () => {
    expect(pgText("a\u0000b\u0000")).toBe("a\ufffdb\ufffd");
    expect(pgText("✓ 𝄞 plain")).toBe("✓ 𝄞 plain");
  });
});
