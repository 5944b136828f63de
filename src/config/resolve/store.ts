// The store section: SQLite (the default) or PostgreSQL, with the cross-checks the schema cannot say.
// A URL may hold a password, so no message here ever quotes it.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { HookgateConfig, StoreTlsConfig } from "../../types/generated.js";
import { schemaDefaults } from "../check/schemas.js";
import type { PostgresStoreConfig, ResolvedConfig } from "../types.js";
import type { ResolveContext } from "./context.js";

/** Keys that mean something only for a PostgreSQL store. */
const POSTGRES_KEYS = ["url", "poolSize", "schema", "leaseSeconds", "tls"] as const;

/** URL parameters through which libpq-style URLs choose TLS (node-postgres reads them too). */
const URL_TLS_PARAMS = ["sslmode", "ssl", "sslrootcert", "sslcert", "sslkey"];

export function storeSection(raw: HookgateConfig, ctx: ResolveContext): ResolvedConfig["store"] {
  const given = raw.store ?? {};
  const s = { ...schemaDefaults("store"), ...given } as Required<Omit<typeof given, "url" | "tls">> &
    typeof given;
  if (s.kind !== "postgres") {
    for (const key of POSTGRES_KEYS) {
      if (given[key] !== undefined) {
        ctx.issues.error(
          ctx.source,
          ["store", key],
          `only used with store.kind: postgres, but the store is SQLite (kind ${given.kind === undefined ? "not set, sqlite by default" : "sqlite"}); set store.kind: postgres or remove store.${key}`,
          { key: true },
        );
      }
    }
    return { kind: "sqlite", path: resolve(ctx.dir, s.path) };
  }

  if (given.path !== undefined) {
    ctx.issues.warn(
      ctx.source,
      ["store", "path"],
      "is the SQLite file and is not used with store.kind: postgres; remove it (hookgate store copy moves an existing SQLite file's contents into PostgreSQL)",
      { key: true },
    );
  }
  const url = checkUrl(given.url, ctx);
  const config: PostgresStoreConfig = {
    kind: "postgres",
    url: url ?? "",
    poolSize: s.poolSize,
    schema: s.schema,
    leaseSeconds: s.leaseSeconds,
  };
  if (given.tls !== undefined) {
    if (url !== undefined && URL_TLS_PARAMS.some((p) => new URL(url).searchParams.has(p))) {
      ctx.issues.error(
        ctx.source,
        ["store", "tls"],
        "TLS is chosen twice: store.url has an sslmode (or ssl...) parameter and store.tls is set; keep one of them",
        { key: true },
      );
    }
    config.tls = tlsOptions(given.tls, ctx);
  }
  return config;
}

function checkUrl(url: string | undefined, ctx: ResolveContext): string | undefined {
  if (url === undefined) {
    ctx.issues.error(
      ctx.source,
      ["store"],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the message shows config syntax.
      "kind postgres needs a url, the database's address, for example url: postgres://hookgate@127.0.0.1:5432/hookgate (or url: ${HOOKGATE_DATABASE_URL})",
    );
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    ctx.issues.error(
      ctx.source,
      ["store", "url"],
      "is not a URL; write it as postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (characters such as @ : / in the password percent-encoded)",
    );
    return undefined;
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    ctx.issues.error(
      ctx.source,
      ["store", "url"],
      `must start with postgres:// or postgresql://, not ${parsed.protocol}//`,
    );
    return undefined;
  }
  return url;
}

function tlsOptions(tls: StoreTlsConfig, ctx: ResolveContext): NonNullable<PostgresStoreConfig["tls"]> {
  const t = { ...schemaDefaults("storeTls"), ...tls } as Required<Pick<StoreTlsConfig, "mode">> &
    StoreTlsConfig;
  const out: NonNullable<PostgresStoreConfig["tls"]> = { mode: t.mode };
  for (const key of ["ca", "cert", "key"] as const) {
    const file = t[key];
    if (file === undefined) continue;
    const path = resolve(ctx.dir, file);
    if (!existsSync(path)) {
      ctx.issues.error(ctx.source, ["store", "tls", key], `file ${path} does not exist`);
    }
    out[key] = path;
  }
  if ((t.cert === undefined) !== (t.key === undefined)) {
    ctx.issues.error(
      ctx.source,
      ["store", "tls", t.cert === undefined ? "cert" : "key"],
      "a client certificate needs both store.tls.cert and store.tls.key",
      { key: t.cert === undefined },
    );
  }
  return out;
}
