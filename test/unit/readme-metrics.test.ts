// The metrics table of docs/reference/metrics.md and the catalogue (src/core/metrics.ts) must agree: every
// metric hookgate exposes is documented with its type, and nothing documented is missing.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { metricsRegistry } from "../../src/core/metrics.js";

const page = readFileSync(new URL("../../docs/reference/metrics.md", import.meta.url), "utf8");
const section = /<!-- metrics:start -->([\s\S]*?)<!-- metrics:end -->/.exec(page)?.[1] ?? "";
const documented = new Map<string, string>();
for (const m of section.matchAll(/^\| `(hookgate_[a-z_]+)` \| (\w+) \|/gm)) documented.set(m[1]!, m[2]!);

describe("metrics reference table", () => {
  it("documents every metric with its type, and only those", async () => {
    const exposed = new Map(
      (await metricsRegistry().getMetricsAsJSON()).map((m) => [m.name, String(m.type)]),
    );
    expect(exposed.size).toBeGreaterThan(10);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(exposed));
  });
});
