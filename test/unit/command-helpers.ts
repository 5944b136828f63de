// Runs one hookgate command in-process and captures what it prints, as a user would see it.
import { Readable } from "node:stream";
import { vi } from "vitest";
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
