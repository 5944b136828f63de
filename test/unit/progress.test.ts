// The progress line of long command-line work: drawn in place on a terminal, never into a file or pipe.
import { describe, expect, it } from "vitest";
import { Progress } from "../../src/commands/progress.js";

function stream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, out: { isTTY, write: (s: string) => writes.push(s) } as unknown as NodeJS.WriteStream };
}

describe("progress line", () => {
  it("on a terminal: redrawn in place, the last state always shown, cleared when done", () => {
    const { writes, out } = stream(true);
    const p = new Progress(out, "re-deciding", 3);
    p.update(1);
    p.update(2);
    p.update(3);
    p.done();
    expect(writes[0]).toBe("\r\x1b[2Kre-deciding 1/3 (33%)");
    // The second update came within the redraw interval and is skipped; the last one is never skipped.
    expect(writes).toContain("\r\x1b[2Kre-deciding 3/3 (100%)");
    expect(writes.at(-1)).toBe("\r\x1b[2K");
  });

  it("into a file or pipe: nothing", () => {
    const { writes, out } = stream(false);
    const p = new Progress(out, "re-deciding", 2);
    p.update(1);
    p.update(2);
    p.done();
    expect(writes).toEqual([]);
  });
});
