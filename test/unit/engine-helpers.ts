// Shared by the engine-*.test.ts files: mappings as the config loader resolves them, requests, temp
// folders, and a transform loader over plain functions (the engine's side of the sandbox contract).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { ResolvedConfig, ResolvedMapping } from "../../src/config/types.js";
import { type CompiledRules, type CompileOptions, compileRules } from "../../src/engine/compile.js";
import type { TransformHandle, TransformInput, TransformOutcome } from "../../src/engine/transform/types.js";
import type { HookRequest } from "../../src/engine/types.js";
import type { Mapping } from "../../src/types/generated.js";
import { type DeepPartial, testConfig, withBuiltInPacks } from "../helpers/config.js";
import { writeModules } from "./transform-helpers.js";

/** Mappings with ids (`mapping-<n>` unless given) and origins, as hooks.mappings resolves them. */
export function mappings(...list: Mapping[]): ResolvedMapping[] {
  return list.map((m, i) => ({
    ...m,
    id: m.id ?? `mapping-${i + 1}`,
    action: m.action ?? "agent",
    origin: `hooks.mappings[${i}]`,
  }));
}

export function configWith(list: Mapping[], overrides: DeepPartial<ResolvedConfig> = {}): ResolvedConfig {
  const config = testConfig(overrides);
  config.hooks.mappings = mappings(...list);
  return config;
}

const open: CompiledRules[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.dispose();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A temp folder with `files` written into it (paths relative to it); removed after the test. */
export function tempDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-engine-"));
  dirs.push(dir);
  writeModules(dir, files);
  return dir;
}

/** compileRules over the given mappings; disposed after the test. */
export async function compile(
  list: Mapping[],
  overrides: DeepPartial<ResolvedConfig> = {},
  opts: CompileOptions = {},
): Promise<CompiledRules> {
  const compiled = await compileRules(await withBuiltInPacks(configWith(list, overrides)), opts);
  open.push(compiled);
  return compiled;
}

export function request(
  path: string,
  payload: unknown = {},
  headers: Record<string, string> = {},
  query: Record<string, string> = {},
): HookRequest {
  return { path, payload, headers, query };
}

export type TransformFn = (input: TransformInput) => TransformOutcome;
type TransformLoader = NonNullable<CompileOptions["transforms"]>;

/** A TransformLoader whose modules are the given functions; records every load. */
export function functionTransforms(
  modules: Record<string, TransformFn>,
): TransformLoader & { loads: string[]; disposed: boolean } {
  const loader = {
    loads: [] as string[],
    disposed: false,
    async load(module: string, exportName?: string): Promise<TransformHandle> {
      loader.loads.push(`${module}#${exportName ?? "default"}`);
      const fn = modules[module];
      if (!fn) throw new Error(`no module ${module}`);
      return {
        module,
        exportName: exportName ?? "default",
        sourceDigest: module,
        call: async (input) => fn(structuredClone(input)),
      };
    },
    dispose() {
      loader.disposed = true;
    },
  };
  return loader;
}
