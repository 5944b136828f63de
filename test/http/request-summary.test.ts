// The log line per request is a debug line unless server.logEachRequest asks for it at info; an info
// line per interval sums the requests up (counts per status and refusal code, p50/p99/max ms).
import { describe, expect, it } from "vitest";
import { RequestSummary } from "../../src/http/request-summary.js";
import { createLogger } from "../../src/log.js";
import { startTestServer } from "../helpers/server.js";

type Line = Record<string, unknown>;
const parsed = (logs: string[]): Line[] => logs.map((l) => JSON.parse(l) as Line);

describe("request log lines", () => {
  it("by default logs no info line per request, and a summary of the requests when it closes", async () => {
    const s = await startTestServer();
    try {
      for (let i = 0; i < 3; i++) expect((await s.post("/hooks/wake", { text: `w${i}` })).status).toBe(200);
      expect(
        (await s.post("/hooks/wake", { text: "x" }, { token: "wrong-token-0123456789abcdef" })).status,
      ).toBe(401);
    } finally {
      await s.close();
    }
    const lines = parsed(s.logs);
    expect(lines.filter((l) => l.msg === "request")).toEqual([]);
    const summary = lines.find((l) => l.msg === "requests served");
    expect(summary).toMatchObject({
      level: 30,
      requests: 4,
      statuses: { "200": 3, "401": 1 },
      codes: { UNAUTHORIZED: 1 },
    });
    expect(summary!.p50Ms).toEqual(expect.any(Number));
    expect(summary!.p99Ms as number).toBeLessThanOrEqual(summary!.maxMs as number);
    expect(JSON.stringify(lines)).not.toContain("wrong-token-0123456789abcdef");
  });

  it("logs each request at info with server.logEachRequest, and no summary with logSummarySeconds 0", async () => {
    const s = await startTestServer({ server: { logEachRequest: true, logSummarySeconds: 0 } });
    try {
      expect((await s.post("/hooks/wake", { text: "w" })).status).toBe(200);
    } finally {
      await s.close();
    }
    const lines = parsed(s.logs);
    expect(lines.find((l) => l.msg === "request")).toMatchObject({
      level: 30,
      method: "POST",
      path: "/hooks/wake",
      status: 200,
    });
    expect(lines.some((l) => l.msg === "requests served")).toBe(false);
  });
});

describe("RequestSummary", () => {
  function collect(): { lines: Line[]; summary: RequestSummary } {
    const lines: Line[] = [];
    const log = createLogger("info", { write: (l: string) => void lines.push(JSON.parse(l) as Line) });
    return { lines, summary: new RequestSummary(log, 3600) };
  }

  it("reports the interval's percentiles and starts afresh after each line", () => {
    const { lines, summary } = collect();
    for (let ms = 100; ms >= 1; ms--) summary.add(200, ms, undefined);
    summary.emit();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      requests: 100,
      statuses: { "200": 100 },
      p50Ms: 50,
      p99Ms: 99,
      maxMs: 100,
    });
    expect(lines[0]).not.toHaveProperty("codes");
    summary.emit();
    expect(lines).toHaveLength(1);
    summary.add(413, 2.345, "BODY_TOO_LARGE");
    summary.close();
    expect(lines[1]).toMatchObject({
      requests: 1,
      statuses: { "413": 1 },
      codes: { BODY_TOO_LARGE: 1 },
      p50Ms: 2.3,
      p99Ms: 2.3,
      maxMs: 2.3,
    });
  });

  it("keeps exact counts and a bounded sample past its sample size", () => {
    const { lines, summary } = collect();
    const n = 50_000;
    for (let i = 0; i < n; i++) summary.add(200, i % 2 === 0 ? 1 : 3, undefined);
    summary.add(200, 1000, undefined);
    summary.close();
    expect(lines[0]).toMatchObject({ requests: n + 1, maxMs: 1000 });
    expect([1, 3]).toContain(lines[0]!.p50Ms);
    expect(lines[0]!.p99Ms).toBe(3);
  });
});
