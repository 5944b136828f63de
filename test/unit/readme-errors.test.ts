// The README's error table and the server's catalogue must agree, code by code and status by status.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { TransformFailureCode } from "../../src/engine/transform/types.js";
import { ERRORS } from "../../src/http/errors.js";

// Codes of a failed mapping (the engine's decision), answered as 500 `hook mapping failed`.
const MAPPING_FAILURES = new Set<string>([
  "TRANSFORM_THREW",
  "TRANSFORM_TIMEOUT",
  "TRANSFORM_OUT_OF_MEMORY",
  "TRANSFORM_RESULT_TOO_LARGE",
  "TRANSFORM_INVALID_RESULT",
  "MAPPING_FAILED",
] satisfies Array<TransformFailureCode | "MAPPING_FAILED">);

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const section = /<!-- error-codes:start -->([\s\S]*?)<!-- error-codes:end -->/.exec(readme)?.[1] ?? "";
const documented = new Map<string, number>();
for (const line of section.split("\n")) {
  const m = /^\| (\d{3}) \| (.+?) \|/.exec(line);
  if (!m) continue;
  for (const code of m[2]!.matchAll(/`([A-Z_]+)`/g)) documented.set(code[1]!, Number(m[1]));
}

describe("README error table", () => {
  it("documents every error code with its status", () => {
    for (const [code, { status }] of Object.entries(ERRORS)) {
      expect(documented.get(code), code).toBe(status);
    }
  });

  it("documents the mapping failure codes as 500", () => {
    for (const code of [...MAPPING_FAILURES]) {
      expect(documented.get(code), code).toBe(500);
    }
  });

  it("documents nothing the server does not answer", () => {
    for (const code of documented.keys()) {
      if (!MAPPING_FAILURES.has(code)) expect(Object.keys(ERRORS), code).toContain(code);
    }
  });
});
