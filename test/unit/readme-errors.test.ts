// The error table of docs/reference/errors.md and the server's catalogue must agree, code by code and
// status by status.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERRORS } from "../../src/core/errors.js";

const page = readFileSync(new URL("../../docs/reference/errors.md", import.meta.url), "utf8");
const section = /<!-- error-codes:start -->([\s\S]*?)<!-- error-codes:end -->/.exec(page)?.[1] ?? "";
const documented = new Map<string, number>();
for (const line of section.split("\n")) {
  const m = /^\| (\d{3}) \| (.+?) \|/.exec(line);
  if (!m) continue;
  for (const code of m[2]!.matchAll(/`([A-Z_]+)`/g)) documented.set(code[1]!, Number(m[1]));
}

describe("error reference table", () => {
  it("documents every error code with its status", () => {
    for (const [code, { status }] of Object.entries(ERRORS)) {
      expect(documented.get(code), code).toBe(status);
    }
  });

  it("answers every transform failure but a rejected or too large input as 500 hook mapping failed", () => {
    const transformCodes = Object.keys(ERRORS).filter((c) => c.startsWith("TRANSFORM_"));
    expect(transformCodes.length).toBeGreaterThan(4);
    for (const code of [...transformCodes, "MAPPING_FAILED"] as (keyof typeof ERRORS)[]) {
      const senders: Record<string, number> = {
        TRANSFORM_INPUT_REJECTED: 400,
        TRANSFORM_INPUT_TOO_LARGE: 413,
      };
      const want = senders[code] ?? (code === "TRANSFORM_BUSY" ? 503 : 500);
      expect(ERRORS[code].status, code).toBe(want);
      if (want === 500) expect(ERRORS[code].error, code).toBe("hook mapping failed");
    }
  });

  it("documents nothing the server does not answer", () => {
    for (const code of documented.keys()) {
      expect(Object.keys(ERRORS), code).toContain(code);
    }
  });
});
