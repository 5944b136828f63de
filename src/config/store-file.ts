// The store a config keeps its state in, for commands that only read it (hookgate events,
// hookgate runs), move it (hookgate store copy) or find the server's pid file beside it (hookgate
// reload): they serve nothing and run nothing, so only the store section is read: the hook token, the
// packs' secrets and the channels' tokens may be unset where they run, as in a shell on the server.
import { dirname, resolve } from "node:path";
import type { HookgateConfig } from "../types/generated.js";
import { validateAgainst } from "./check/schema-issues.js";
import { configValidator, schemaDefaults } from "./check/schemas.js";
import { builtInConfig } from "./default.js";
import { formatIssue } from "./errors.js";
import { IssueList, type SourceRef } from "./issues.js";
import { findConfigFile, type LoadConfigOptions } from "./load.js";
import { isOpenClawFile } from "./openclaw/detect.js";
import { readOpenClaw } from "./openclaw/read.js";
import type { ResolveContext } from "./resolve/context.js";
import { storeSection } from "./resolve/store.js";
import { displayPath, readSourceFile } from "./source/source-file.js";
import { SourceRegistry } from "./source/sources.js";
import type { ResolvedConfig } from "./types.js";

/**
 * The config's store section, checked and resolved as a full load would (the schema, the cross-checks
 * of store), with nothing else of the file read. Throws Error with a printable message when it cannot
 * be used.
 */
export async function configuredStore(
  opts: Pick<LoadConfigOptions, "file" | "cwd" | "env"> = {},
): Promise<ResolvedConfig["store"]> {
  const cwd = resolve(opts.cwd ?? process.cwd());
  const env = opts.env ?? process.env;
  const file = opts.file !== undefined ? resolve(cwd, opts.file) : findConfigFile(cwd);
  const issues = new IssueList();
  let raw: HookgateConfig = builtInConfig("");
  let source: SourceRef = {};
  const fail = () => storeError(issues.items.filter((i) => i.severity === "error").map(formatIssue));
  if (file !== undefined) {
    const openclaw = isOpenClawFile(file);
    const read = await readSourceFile(
      file,
      displayPath(file, cwd),
      openclaw ? { what: "OpenClaw config file", format: "json5" } : { env, what: "config file" },
    );
    if (!read.parsed) throw storeError(read.issues.map(formatIssue));
    const translated = openclaw ? readOpenClaw(read, env) : undefined;
    const data = (translated ? translated.data : read.data) as { store?: HookgateConfig["store"] } | null;
    source = translated ? translated.source : read.source;
    raw = data?.store !== undefined ? { store: data.store } : {};
    issues.push(...read.issues.filter((i) => i.path === "store" || i.path.startsWith("store.")));
    issues.push(...validateAgainst(configValidator(), raw, source));
    if (issues.hasErrors) throw fail();
  }
  const ctx: ResolveContext = {
    dir: file !== undefined ? dirname(file) : cwd,
    cwd,
    file: file ?? null,
    env,
    source,
    issues,
    sources: new SourceRegistry(source),
    requireToken: false,
  };
  const store = storeSection(raw, ctx);
  if (issues.hasErrors) throw fail();
  return store;
}

function storeError(lines: string[]): Error {
  return new Error(`${lines.join("\n")}\n(or name the database directly with --store FILE|URL)`);
}

/**
 * The SQLite file a config names, read leniently: only the file's syntax and `store` matter, so a
 * config with mistakes elsewhere (the usual reason to reload one) still tells where the state is.
 * undefined for a store that is not a file. Throws Error with a printable message when the config
 * file cannot be read or parsed.
 */
export async function declaredStoreFile(
  opts: Pick<LoadConfigOptions, "file" | "cwd" | "env"> = {},
): Promise<string | undefined> {
  const cwd = resolve(opts.cwd ?? process.cwd());
  const file = opts.file !== undefined ? resolve(cwd, opts.file) : findConfigFile(cwd);
  const declared = { ...schemaDefaults("store") } as { kind?: string; path?: string };
  let dir = cwd;
  if (file !== undefined) {
    const read = await readSourceFile(file, displayPath(file, cwd), {
      env: opts.env ?? process.env,
      what: "config file",
    });
    if (!read.parsed) throw new Error(read.issues.map(formatIssue).join("\n"));
    const store = (read.data as { store?: unknown } | null)?.store;
    if (store !== null && typeof store === "object") Object.assign(declared, store);
    dir = dirname(file);
  }
  if ((declared.kind ?? "sqlite") !== "sqlite" || typeof declared.path !== "string") return undefined;
  return resolve(dir, declared.path);
}
