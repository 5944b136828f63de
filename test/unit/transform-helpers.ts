// Shared by the transform-*.test.ts files: temp transforms folders with real module files, a loader
// over them, and request inputs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { createTransformLoader, type TransformLoader } from "../../src/engine/transform/loader.js";
import type { TransformInput, TransformLimits } from "../../src/engine/transform/types.js";

/**
 * The config defaults, except one worker thread per loader (each test file starts several loaders)
 * and a generous CPU limit: on a machine whose cores are busy, a transform that is not meant to time
 * out must not. Tests of the timeout itself use TIMEOUT_UNDER_TEST.
 */
export const testLimits: TransformLimits = {
  cpuMs: 5000,
  memoryMiB: 32,
  maxInputBytes: 1048576,
  maxResultBytes: 262144,
  maxStackBytes: 49152,
  workers: 1,
  maxQueued: 256,
};

/** The CPU limit where a timeout is the behaviour under test: short, so the suite stays quick. */
export const TIMEOUT_UNDER_TEST: Partial<TransformLimits> = { cpuMs: 100 };

const cleanup: Array<() => void> = [];
afterAll(() => {
  for (const done of cleanup.splice(0)) done();
});

/** A temp folder holding `<root>/transforms` with `files` written into it (paths relative to transforms). */
export function transformsFolder(files: Record<string, string> = {}): { root: string; dir: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), "hookgate-transform-"));
  const dir = path.join(root, "transforms");
  mkdirSync(dir);
  writeModules(dir, files);
  cleanup.push(() => rmSync(root, { recursive: true, force: true }));
  return { root, dir };
}

export function writeModules(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

/** A loader over `dir`, disposed after the test file. */
export function loaderFor(dir: string, limits: Partial<TransformLimits> = {}): TransformLoader {
  const loader = createTransformLoader({ transformsDir: dir, limits: { ...testLimits, ...limits } });
  cleanup.push(() => loader.dispose());
  return loader;
}

export function input(payload: unknown, more: Partial<TransformInput> = {}): TransformInput {
  return { payload, headers: { "content-type": "application/json" }, query: {}, path: "test", ...more };
}
