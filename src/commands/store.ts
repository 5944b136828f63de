// `hookgate store copy`: moves a single-node install (SQLite) into PostgreSQL, to run several instances.
import { resolve } from "node:path";
import { configuredStore } from "../config/store-file.js";
import type { PostgresStoreConfig, ResolvedConfig } from "../config/types.js";
import { type CopiedTable, type CopyProgress, copySqliteToPostgres, isSqliteFile } from "../store/copy.js";
import { describeDatabase } from "../store/postgres/connect.js";
import { checkSchemaName } from "../store/postgres/schema-name.js";
import { storeFromArgument } from "../store/read-only.js";
import { parseCommandArgs, usageError } from "./args.js";
import type { Command } from "./command.js";
import { didYouMean } from "./did-you-mean.js";

const help = `Usage: hookgate store copy --from SOURCE --to TARGET [--schema NAME] [--replace]

Copies a single-node install's SQLite store into PostgreSQL, so that several instances can share
it: the main session's events, transcript and heartbeats, agent runs with their replies and
delivery state, session transcripts, last routes, idempotency keys still live, and the request log
(so the console and hookgate replay keep their history).

  --from SOURCE   the SQLite file (for example .hookgate/state.db), or a config file whose store
                  is SQLite
  --to TARGET     a PostgreSQL URL (postgres://USER@HOST:PORT/DB), or a config file whose store is
                  PostgreSQL (its url, schema and tls are used)
  --schema NAME   schema for a --to URL (default: hookgate)
  --replace       empty the target's hookgate tables first; without it, a target that already
                  holds data is refused
  --help, -h      show this help

Stop the server that uses the SQLite file first (runs it left running are queued again on the
PostgreSQL side), and start the new instances after the copy. The copy is one transaction: when it
fails the target is left as it was, and the command can simply be run again. The target's schema is
created (or updated) as an instance would at start. On a terminal a progress line shows how far it is.

Exit status 0 when copied, 1 when refused or failed.`;

const TABLE_NAMES: Record<CopiedTable, string> = {
  events: "events",
  runs: "runs",
  transcripts: "transcript messages",
  routes: "routes",
  idempotency: "idempotency keys",
  heartbeats: "heartbeats",
  requests: "logged requests",
  flow_windows: "coalesce windows",
  flow_items: "coalesced requests",
  flow_dedupe: "dedupe keys",
  flow_rates: "rate counts",
  flow_tokens: "token counts",
  issues: "issues",
  run_retries: "run retries",
  pauses: "pauses",
  run_callbacks: "run callbacks",
};

export const command: Command = {
  summary: "copy a SQLite store into PostgreSQL (to run several instances)",
  async run(argv) {
    const args = parseCommandArgs("store", help, {
      args: argv,
      options: {
        from: { type: "string" },
        to: { type: "string" },
        schema: { type: "string" },
        replace: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: true,
    });
    if (typeof args === "number") return args;
    const { values, positionals } = args;
    const [sub, ...extra] = positionals;
    if (sub !== "copy") {
      const problem =
        sub === undefined
          ? "a subcommand is required"
          : `unknown subcommand "${sub}"${didYouMean(sub, ["copy"])}`;
      return usageError("store", help, problem);
    }
    if (extra.length > 0) return usageError("store", help, `unexpected argument "${extra[0]}"`);
    if (values.from === undefined || values.to === undefined) {
      return usageError("store", help, "store copy needs --from SOURCE and --to TARGET");
    }

    let source: string;
    let target: PostgresStoreConfig;
    try {
      if (values.schema !== undefined) checkSchemaName(values.schema, "--schema");
      source = await sqliteSource(values.from);
      target = await postgresTarget(values.to, values.schema);
    } catch (err) {
      process.stderr.write(`hookgate store: ${(err as Error).message}\n`);
      return 1;
    }
    const where = `${describeDatabase(target.url)} (schema ${target.schema})`;
    const progress = progressPrinter();
    let result: Awaited<ReturnType<typeof copySqliteToPostgres>>;
    try {
      result = await copySqliteToPostgres(source, target, {
        replace: values.replace === true,
        onProgress: progress.update,
      });
    } catch (err) {
      progress.end();
      process.stderr.write(
        `hookgate store: copying ${source} to ${where} failed, nothing was copied: ${(err as Error).message}\n`,
      );
      return 1;
    }
    progress.end();
    if (result.status === "target-not-empty") {
      const held = Object.entries(result.rows)
        .filter(([, n]) => n > 0)
        .map(([t, n]) => `${n.toLocaleString("en")} ${TABLE_NAMES[t as CopiedTable]}`)
        .join(", ");
      process.stderr.write(
        `hookgate store: ${where} already holds data (${held}); nothing was copied. If an earlier copy finished, there is nothing left to do; to overwrite the target with ${source}, run again with --replace\n`,
      );
      return 1;
    }
    const copied = Object.entries(result.rows)
      .map(([t, n]) => `${n.toLocaleString("en")} ${TABLE_NAMES[t as CopiedTable]}`)
      .join(", ");
    process.stdout.write(`copied ${source} to ${where}: ${copied}\n`);
    return 0;
  },
};

/** --from: a SQLite file, or a config file whose store is one. */
async function sqliteSource(from: string): Promise<string> {
  const path = resolve(from);
  if (isSqliteFile(path)) return path;
  const store = await configStore(from, "--from");
  if (store.kind !== "sqlite") {
    throw new Error(`--from ${from}: its store is PostgreSQL; --from takes the SQLite store to copy`);
  }
  if (!isSqliteFile(store.path))
    throw new Error(`--from ${from}: its store ${store.path} is not a SQLite file (yet)`);
  return store.path;
}

/** --to: a PostgreSQL URL, or a config file whose store is PostgreSQL. */
async function postgresTarget(to: string, schema: string | undefined): Promise<PostgresStoreConfig> {
  const fromUrl = storeFromArgument(to);
  if (fromUrl.kind === "postgres") return { ...fromUrl, ...(schema !== undefined && { schema }) };
  const store = await configStore(to, "--to");
  if (store.kind !== "postgres") {
    throw new Error(
      `--to ${to}: its store is SQLite; --to takes a PostgreSQL URL or a config with store.kind: postgres`,
    );
  }
  return { ...store, ...(schema !== undefined && { schema }) };
}

async function configStore(file: string, option: string): Promise<ResolvedConfig["store"]> {
  try {
    return await configuredStore({ file });
  } catch (err) {
    throw new Error(
      `${option} ${file}: ${(err as Error).message.replace(/\n\(or name the database.*$/s, "")}`,
    );
  }
}

/** One line rewritten in place on a terminal; one line per table otherwise. */
function progressPrinter(): { update: (p: CopyProgress) => void; end: () => void } {
  const tty = process.stderr.isTTY === true;
  let open = false;
  return {
    update(p) {
      const line = `copying ${TABLE_NAMES[p.table]}: ${p.done.toLocaleString("en")} of ${p.total.toLocaleString("en")}`;
      if (tty) {
        process.stderr.write(`\r\u001b[2K${line}`);
        open = true;
      } else if (p.done === p.total) {
        process.stderr.write(`${line}\n`);
      }
    },
    end() {
      if (open) process.stderr.write("\n");
      open = false;
    },
  };
}
