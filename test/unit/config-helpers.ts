// Shared by the config-*.test.ts files: real config files in temp folders, and ConfigError capture.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, expect } from "vitest";
import { ConfigError } from "../../src/config/errors.js";
import type { ConfigIssue } from "../../src/config/issues.js";
import { type LoadConfigOptions, type LoadedConfig, loadConfig } from "../../src/config/load.js";

/** A token that raises no weak-token warning. */
export const TOKEN = "test-token-7c1f0e9a5b3d4e2f8a6c";

const created: string[] = [];
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder (real path, so symlink checks compare like with like), removed after the file's tests. */
export function tempDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "hookgate-config-")));
  created.push(dir);
  return dir;
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

/** Writes `hookgate.yaml` (or the named file) into a new folder and loads it with cwd = that folder. */
export async function loadYaml(
  text: string,
  opts: { dir?: string; file?: string; env?: NodeJS.ProcessEnv; extra?: Record<string, string> } = {},
): Promise<LoadedConfig> {
  const dir = opts.dir ?? tempDir();
  const file = opts.file ?? "hookgate.yaml";
  writeFiles(dir, { [file]: text, ...opts.extra });
  return loadConfig({ file, cwd: dir, env: opts.env ?? {} });
}

/** The issues of the ConfigError the load throws; fails the test when it does not throw one. */
export async function configErrors(load: Promise<unknown>): Promise<ConfigIssue[]> {
  const err = await load.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConfigError);
  return (err as ConfigError).issues;
}

export async function loadErrors(
  text: string,
  opts: Parameters<typeof loadYaml>[1] = {},
): Promise<ConfigIssue[]> {
  return configErrors(loadYaml(text, opts));
}

/** The single issue at `path`; fails when there is none or several. */
export function issueAt(
  issues: ConfigIssue[],
  path: string,
  severity: ConfigIssue["severity"] = "error",
): ConfigIssue {
  const found = issues.filter((i) => i.path === path && i.severity === severity);
  expect(found, `issues: ${JSON.stringify(issues, null, 2)}`).toHaveLength(1);
  return found[0]!;
}

export type { LoadConfigOptions };
