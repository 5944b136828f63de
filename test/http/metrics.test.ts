// GET /metrics over a real socket: the exposition parsed and held to the naming rules `promtool check
// metrics` applies, label sets that stay bounded under a flood of random hook names, no secret or
// payload value anywhere, and the loopback-only default.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_TOKEN, type TestServer } from "../helpers/server.js";

interface Family {
  name: string;
  type?: string;
  help?: string;
  samples: { name: string; labels: Record<string, string>; value: number }[];
}

/** Parses the Prometheus text format (0.0.4) into metric families; throws on a malformed line. */
function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    let f = families.get(name);
    if (!f) {
      f = { name, samples: [] };
      families.set(name, f);
    }
    return f;
  };
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === "HELP") family(meta[2]!).help = meta[3];
      else family(meta[2]!).type = meta[3];
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`malformed exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const m of (sample[3] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g)) {
      labels[m[1]!] = m[2]!;
    }
    const base = sample[1]!.replace(/_(bucket|sum|count)$/, "");
    const owner = families.has(sample[1]!) ? sample[1]! : base;
    family(owner).samples.push({ name: sample[1]!, labels, value: Number(sample[4]) });
  }
  return families;
}

/** The problems `promtool check metrics` would report (its lint rules), plus ours: the hookgate_ prefix. */
function lint(families: Map<string, Family>): string[] {
  const problems: string[] = [];
  for (const f of families.values()) {
    const say = (what: string) => problems.push(`${f.name}: ${what}`);
    if (!f.name.startsWith("hookgate_")) say("not named hookgate_*");
    if (!f.help) say("no help text");
    if (!f.type) say("no TYPE");
    if (/[A-Z]/.test(f.name)) say("metric names should be written in snake_case, not camelCase");
    if (f.type === "counter" && !f.name.endsWith("_total"))
      say('counter metrics should have "_total" suffix');
    if (f.type !== "counter" && f.name.endsWith("_total"))
      say('non-counter metrics should not have "_total" suffix');
    if (f.type !== "histogram" && f.type !== "summary" && /_(bucket|sum|count)$/.test(f.name)) {
      say('non-histogram and non-summary metrics should not have "_bucket", "_sum" or "_count" suffix');
    }
    for (const [bad, base] of [
      ["milliseconds", "seconds"],
      ["microseconds", "seconds"],
      ["minutes", "seconds"],
      ["kilobytes", "bytes"],
      ["megabytes", "bytes"],
    ]) {
      if (f.name.includes(bad!)) say(`use base unit "${base}" instead of "${bad}"`);
    }
    if (f.type === "histogram") {
      if (!f.name.endsWith("_seconds") && !f.name.endsWith("_bytes")) say("histogram without a unit suffix");
      const series = new Set(
        f.samples.filter((s) => s.name.endsWith("_count")).map((s) => JSON.stringify(s.labels)),
      );
      for (const key of series) {
        const labels = JSON.parse(key) as Record<string, string>;
        const buckets = f.samples.filter(
          (s) => s.name === `${f.name}_bucket` && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
        );
        if (!buckets.some((b) => b.labels.le === "+Inf")) say("histogram series without a +Inf bucket");
        if (!f.samples.some((s) => s.name === `${f.name}_sum`)) say("histogram without _sum");
      }
    }
    for (const s of f.samples) {
      for (const label of Object.keys(s.labels)) {
        if (label.startsWith("__")) say(`label ${label} is reserved`);
        if (/[A-Z]/.test(label)) say(`label ${label} should be snake_case`);
      }
      if (Number.isNaN(s.value)) say(`sample ${s.name} has no numeric value`);
    }
  }
  return problems;
}

describe("GET /metrics", () => {
  let s: TestServer;
  const scrape = async () => {
    const r = await fetch(`${s.url}/metrics`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return r.text();
  };

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-metrics-"));
    mkdirSync(join(dir, "hooks", "transforms"), { recursive: true });
    writeFileSync(join(dir, "hooks", "transforms", "skip.js"), "export default () => null;\n");
    s = await startTestServer({
      dir,
      hooks: {
        mappings: [
          {
            id: "gh-push",
            origin: "hooks.mappings[0]",
            action: "wake",
            match: { path: "github" },
            textTemplate: "push {{ref}}",
          },
          {
            id: "quiet",
            origin: "hooks.mappings[1]",
            action: "wake",
            match: { path: "quiet" },
            transform: { module: "skip.js" },
          },
        ],
      },
    });
  });
  afterAll(() => s.close());

  it("passes the naming rules of promtool check metrics, every family hookgate_*", async () => {
    await s.post("/hooks/github", { ref: "main" });
    await s.post("/hooks/quiet", {});
    await s.post("/hooks/agent", { message: "hi" });
    await s.post("/hooks/wake", { text: "x" }, { token: "wrong-token" });
    const families = parseExposition(await scrape());
    expect(lint(families)).toEqual([]);
    expect([...families.keys()]).toEqual(
      expect.arrayContaining([
        "hookgate_requests_total",
        "hookgate_ingress_duration_seconds",
        "hookgate_transform_duration_seconds",
        "hookgate_runs_total",
        "hookgate_auth_failures_total",
        "hookgate_queue_depth",
      ]),
    );
  });

  it("counts requests by outcome and mapping id, and times transforms", async () => {
    const before = parseExposition(await scrape());
    await s.post("/hooks/github", { ref: "main" });
    await s.post("/hooks/github", { ref: "main" });
    await s.post("/hooks/quiet", {});
    await s.post("/hooks/nothing-here", {});
    const after = parseExposition(await scrape());
    const count = (f: Map<string, Family>, labels: Record<string, string>) =>
      f
        .get("hookgate_requests_total")
        ?.samples.find((x) => Object.entries(labels).every(([k, v]) => x.labels[k] === v))?.value ?? 0;
    expect(
      count(after, { outcome: "wake", mapping: "gh-push" }) -
        count(before, { outcome: "wake", mapping: "gh-push" }),
    ).toBe(2);
    expect(
      count(after, { outcome: "skip", mapping: "quiet" }) -
        count(before, { outcome: "skip", mapping: "quiet" }),
    ).toBe(1);
    expect(
      count(after, { outcome: "HOOK_NOT_FOUND", mapping: "none" }) -
        count(before, { outcome: "HOOK_NOT_FOUND", mapping: "none" }),
    ).toBe(1);
    const skips = after
      .get("hookgate_transform_duration_seconds")
      ?.samples.find((x) => x.name.endsWith("_count") && x.labels.outcome === "skip");
    expect(skips?.value).toBeGreaterThanOrEqual(1);
  });

  it("keeps label sets bounded under a flood of random hook names, and shows no secret or payload value", async () => {
    const marker = "payload-marker-5d1c";
    await s.post("/hooks/github", { ref: "main" });
    const seriesBefore = (await scrape()).split("\n").filter((l) => l && !l.startsWith("#")).length;
    const names = fc.sample(fc.stringMatching(/^[a-z0-9][a-z0-9._~-]{0,40}$/), { numRuns: 300, seed: 17 });
    for (const name of names) {
      await s.post(
        `/hooks/${encodeURIComponent(name)}`,
        { marker },
        { headers: { "x-secret-marker": marker } },
      );
    }
    await s.post("/hooks/wake", { text: marker }, { token: `${TEST_TOKEN}-but-wrong` });
    const text = await scrape();
    const families = parseExposition(text);
    const mappings = new Set(
      [...families.values()].flatMap((f) =>
        f.samples.map((x) => x.labels.mapping).filter((m) => m !== undefined),
      ),
    );
    for (const m of mappings) expect(["gh-push", "quiet", "wake", "agent", "none"]).toContain(m);
    // The flood adds no series beyond the handful of outcome/mapping pairs and buckets it touched.
    const seriesAfter = text.split("\n").filter((l) => l && !l.startsWith("#")).length;
    expect(seriesAfter - seriesBefore).toBeLessThan(40);
    expect(text).not.toContain(marker);
    expect(text).not.toContain(TEST_TOKEN);
    for (const name of names.filter((n) => n.length > 6)) expect(text).not.toContain(`"${name}"`);
  });

  it("answers 403 to a client that came through an untrusted proxy, even from loopback", async () => {
    const r = await fetch(`${s.url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });
});

describe("loopback-only routes and DNS rebinding", () => {
  /** A GET from loopback naming `host` in its Host header, as a browser on a rebound page would. */
  const getAs = (url: string, path: string, host: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const { port } = new URL(url);
      const req = request({ host: "127.0.0.1", port, path, headers: { host, ...headers } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });

  it("/metrics and the console answer a local client only when it names a local or configured host", async () => {
    const s = await startTestServer({ server: { publicUrl: "https://hooks.example.com" } });
    try {
      const port = new URL(s.url).port;
      for (const path of ["/metrics", "/console/login"]) {
        for (const host of [
          `127.0.0.1:${port}`,
          `localhost:${port}`,
          `LOCALHOST.:${port}`,
          `[::1]:${port}`,
          `app.localhost:${port}`,
          "hooks.example.com",
        ]) {
          expect(await getAs(s.url, path, host), `${path} ${host}`).toBe(200);
        }
        for (const host of [`rebound.attacker.example:${port}`, "192.168.1.10", `127.0.0.1.nip.io:${port}`]) {
          expect(await getAs(s.url, path, host), `${path} ${host}`).toBe(403);
        }
      }
      // The hook routes have their token and keep answering whatever the Host.
      expect(await getAs(s.url, "/healthz", "rebound.attacker.example")).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("a same-host tunnel's client headers (CF-Connecting-IP, True-Client-IP) do not count as loopback", async () => {
    const s = await startTestServer();
    try {
      for (const header of ["cf-connecting-ip", "true-client-ip"]) {
        expect(await getAs(s.url, "/metrics", "127.0.0.1", { [header]: "203.0.113.9" }), header).toBe(403);
        expect(await getAs(s.url, "/console/login", "127.0.0.1", { [header]: "203.0.113.9" }), header).toBe(
          403,
        );
      }
    } finally {
      await s.close();
    }
  });
});

describe("GET /metrics settings", () => {
  it("server.metrics.enabled: false → 404; an allowFrom without loopback → 403 for a local client", async () => {
    const off = await startTestServer({ server: { metrics: { enabled: false, allowFrom: ["loopback"] } } });
    try {
      expect((await fetch(`${off.url}/metrics`)).status).toBe(404);
    } finally {
      await off.close();
    }
    const remote = await startTestServer({
      server: { metrics: { enabled: true, allowFrom: ["10.0.0.0/8"] } },
    });
    try {
      const r = await fetch(`${remote.url}/metrics`);
      expect(r.status).toBe(403);
      expect(((await r.json()) as { error: string }).error).toContain("server.metrics.allowFrom");
    } finally {
      await remote.close();
    }
  });
});
