// Runs one hookgate command in-process and captures what it prints, as a user would see it.
import { Readable } from "node:stream";
import { expect, vi } from "vitest";
import type { Command } from "../../src/commands/command.js";

export async function runCommand(
  command: Command,
  argv: string[],
  stdin?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  const original = Object.getOwnPropertyDescriptor(process, "stdin")!;
  if (stdin !== undefined)
    Object.defineProperty(process, "stdin", { value: Readable.from([stdin]), configurable: true });
  try {
    const code = await command.run(argv);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    Object.defineProperty(process, "stdin", original);
  }
}

/** Runs a pack's test cases with `hookgate test --pack F --json --fail-under 100` and checks them. */
export async function expectPackCasesPass(packFile: string): Promise<void> {
  const { command: testCommand } = await import("../../src/commands/test.js");
  const { code, stdout } = await runCommand(testCommand, [
    "--pack",
    packFile,
    "--json",
    "--fail-under",
    "100",
  ]);
  const suite = JSON.parse(stdout) as { failed: number; cases?: { name: string; ok: boolean }[] };
  expect(
    (suite.cases ?? []).filter((c) => !c.ok).map((c) => c.name),
    stdout,
  ).toEqual([]);
  expect(suite.failed).toBe(0);
  expect(code).toBe(0);
}
