// Properties of packs and rule order over generated input (fast-check):
// - every shipped pack's templates are total over arbitrary JSON: they never throw, their output is
//   bounded, and payload keys such as __proto__ or constructor reach nothing of the prototype chain;
// - enabling a pack never changes the decision for a request an earlier user mapping owns;
// - a mapping reported as never firing (shadowed, or when: false) changes no answer when removed.
// (That the path index picks what a linear first-match scan picks is in engine-route.test.ts.)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { packSource } from "../../src/commands/cases/load-sources.js";
import { simulator } from "../../src/commands/simulate.js";
import { readPackFile } from "../../src/config/packs/pack-file.js";
import type { PackDefinition } from "../../src/config/packs/types.js";
import type { ResolvedMapping } from "../../src/config/types.js";
import { compileRules } from "../../src/engine/compile.js";
import { route } from "../../src/engine/route.js";
import { shadowedRules } from "../../src/engine/rule-warnings.js";
import type { Decision, HookRequest } from "../../src/engine/types.js";
import { signRequest } from "../../src/engine/verify/sign.js";
import type { Mapping } from "../../src/types/generated.js";
import { testConfig } from "../helpers/config.js";
import { mappings } from "./engine-helpers.js";

const PRESETS = fileURLToPath(new URL("../../rules/presets/", import.meta.url));
const NOW = new Date("2025-01-31T12:00:00Z");

interface ShippedPack {
  pack: PackDefinition;
  /** With the defaults and the test secret, as its cases run. */
  mappings: ResolvedMapping[];
  /** Its fixtures (rules/presets/fixtures/<id>/*.json): realistic payloads to mutate. */
  fixtures: unknown[];
}

async function shippedPacks(): Promise<ShippedPack[]> {
  const out: ShippedPack[] = [];
  for (const file of readdirSync(PRESETS)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()) {
    const read = await readPackFile(join(PRESETS, file), { kind: "built-in" });
    if (!read.pack) throw new Error(`${file}: ${JSON.stringify(read.issues)}`);
    const source = packSource(read.pack);
    if (source.scope.kind !== "pack") throw new Error("not a pack");
    const { mappings } = await source.scope.build(undefined);
    out.push({ pack: read.pack, mappings, fixtures: fixturesOf(read.pack.id) });
  }
  return out;
}

function fixturesOf(id: string): unknown[] {
  const dir = join(PRESETS, "fixtures", id);
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  return names.sort().map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")));
}

const packs = await shippedPacks();

/** Keys that reach the prototype chain when a program is careless with them. */
const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"];

/** An object with one of PROTO_KEYS as an own key, as JSON.parse makes it from a request body. */
const protoObject = fc
  .tuple(fc.constantFrom(...PROTO_KEYS), fc.jsonValue({ maxDepth: 2 }))
  .map(([k, v]) => JSON.parse(`{${JSON.stringify(k)}:${JSON.stringify(v)}}`) as unknown);

const weird = fc.oneof(fc.jsonValue({ maxDepth: 3 }), protoObject, fc.string({ maxLength: 2000 }));

/** Every path into a JSON value (objects and arrays), the root included. */
function pathsOf(
  value: unknown,
  at: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  out.push(at);
  if (at.length < 8 && value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value))
      pathsOf(v, [...at, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

/** `value` with the thing at `path` replaced (a copy; JSON round trip keeps __proto__ keys own). */
function replaceAt(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const copy = JSON.parse(JSON.stringify(value)) as Record<string | number, unknown>;
  let node = copy;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>;
  Object.defineProperty(node, path.at(-1)!, {
    value: next,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return JSON.parse(JSON.stringify(copy));
}

/** Arbitrary JSON, and the pack's fixtures with arbitrary values (prototype keys among them) at arbitrary places. */
function payloads(fixtures: unknown[]): fc.Arbitrary<unknown> {
  const arbitrary = fc.oneof(weird, fc.dictionary(fc.string({ maxLength: 12 }), weird, { maxKeys: 6 }));
  if (fixtures.length === 0) return arbitrary;
  const mutated = fc
    .tuple(fc.constantFrom(...fixtures), fc.array(fc.tuple(fc.nat(), weird), { minLength: 1, maxLength: 4 }))
    .map(([fixture, edits]) =>
      edits.reduce((doc, [pick, value]) => {
        const paths = pathsOf(doc);
        return replaceAt(doc, paths[pick % paths.length]!, value);
      }, fixture),
    );
  return fc.oneof(arbitrary, mutated);
}

/** The header names and the strings a pack's `when` expressions test: requests worth routing. */
function testedValues(list: readonly ResolvedMapping[]): { headers: string[]; strings: string[] } {
  const headers = new Set<string>();
  const strings = new Set<string>(["", "x"]);
  const walk = (node: unknown): void => {
    if (typeof node === "string") strings.add(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) {
        if (k === "var") {
          const name = Array.isArray(v) ? v[0] : v;
          if (typeof name === "string" && name.startsWith("headers.")) headers.add(name.slice(8));
        }
        walk(v);
      }
    }
  };
  for (const m of list) walk(m.match?.when);
  return { headers: [...headers], strings: [...strings] };
}

function headersFor(list: readonly ResolvedMapping[]): fc.Arbitrary<Record<string, string>> {
  const { headers, strings } = testedValues(list);
  if (headers.length === 0) return fc.constant({});
  return fc.dictionary(fc.constantFrom(...headers), fc.constantFrom(...strings), { maxKeys: headers.length });
}

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

describe.each(packs.map((p) => [p.pack.id, p] as const))("pack %s", (_id, shipped) => {
  test("its templates are total over arbitrary JSON: no throw, bounded output, nothing of the prototype chain", async () => {
    // Each mapping on a path of its own and without its when, so every generated payload reaches its
    // templates (and its forEach, when it has one).
    const alone = shipped.mappings.map((m, i) => {
      const { verify: _v, challenge: _c, ...rest } = m;
      return { ...rest, match: { path: `t${i}` } } as Mapping;
    });
    const config = testConfig();
    config.hooks.mappings = mappings(...alone);
    const compiled = await compileRules(config);
    try {
      await fc.assert(
        fc.asyncProperty(
          payloads(shipped.fixtures),
          headersFor(shipped.mappings),
          async (payload, headers) => {
            const size = JSON.stringify(payload).length;
            for (let i = 0; i < alone.length; i++) {
              const req: HookRequest = { path: `t${i}`, payload, headers, query: {} };
              const d = await route(compiled.index, req, { now: NOW });
              // MAPPING_FAILED is what route() answers when building an action threw.
              if (d.kind === "invalid") expect(d.code, d.error).not.toBe("MAPPING_FAILED");
              for (const text of stringsOf(d.kind === "wake" || d.kind === "agent" ? d.action : {})) {
                expect(text.length).toBeLessThanOrEqual(64 * 1024 + 64 * size);
                expect(text).not.toContain("[native code]");
                expect(text).not.toMatch(/function (Object|Function|Array)\(/);
              }
            }
            expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
            expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
          },
        ),
        { seed: 14, numRuns: 150 },
      );
    } finally {
      compiled.dispose();
    }
  });

  test("enabling it never changes the decision for a request an earlier user mapping owns", async () => {
    const paths = [
      ...new Set(
        shipped.mappings.map((m) => m.match?.path).filter((p): p is string => typeof p === "string"),
      ),
    ];
    const { strings } = testedValues(shipped.mappings);
    const userRule = fc.record(
      {
        path: fc.constantFrom(...paths, "elsewhere"),
        when: fc.constantFrom<unknown>(
          true,
          { "==": [{ var: "payload.action" }, "opened"] },
          { "!!": [{ var: "payload.type" }] },
          { "==": [{ var: "headers.x-github-event" }, "issues"] },
          { in: [{ var: "payload.type" }, strings.slice(0, 6)] },
        ),
      },
      { requiredKeys: [] },
    );
    const request = fc.record({
      path: fc.constantFrom(...paths, "elsewhere"),
      payload: payloads(shipped.fixtures),
      headers: headersFor(shipped.mappings),
      query: fc.constant({}),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(userRule, { minLength: 1, maxLength: 5 }),
        fc.array(request, { minLength: 1, maxLength: 4 }),
        async (rules, reqs) => {
          const user = mappings(
            ...rules.map(
              (match, i): Mapping => ({
                id: `user-${i}`,
                action: "wake",
                textTemplate: "user {{action}} {{type}}",
                match: match as Mapping["match"] & object,
              }),
            ),
          );
          const without = testConfig();
          without.hooks.mappings = user;
          const withPack = testConfig();
          withPack.hooks.mappings = user;
          withPack.hooks.presets = [shipped.pack.id];
          withPack.hooks.packs = [
            { pack: shipped.pack, enabledAs: shipped.pack.id, values: {}, mappings: shipped.mappings },
          ];
          const a = await compileRules(without);
          const b = await compileRules(withPack);
          try {
            for (const req of reqs) {
              const before: Decision = await route(a.index, req, { now: NOW });
              if (before.kind === "no-match") continue;
              expect(await route(b.index, req, { now: NOW })).toEqual(before);
            }
          } finally {
            a.dispose();
            b.dispose();
          }
        },
      ),
      { seed: 14, numRuns: 60 },
    );
  });
});

// Generated rule lists with verifies and handshakes, and requests with the token or signed: removing
// a rule the warnings call shadowed (or when: false) changes nothing for a request with the token, and
// for a signed one never which mapping takes it or what it builds.
type Generated<A> = A extends fc.Arbitrary<infer T> ? T : never;

const SECRET_A = "secret-a-0123456789";
const SECRET_B = "secret-b-0123456789";

const ruleArb = fc.record(
  {
    path: fc.constantFrom("a", "b"),
    source: fc.constantFrom("s1"),
    when: fc.constantFrom<object | boolean>(
      { "==": [{ var: "payload.n" }, 1] },
      { "==": [{ var: "headers.h" }, "x"] },
      false,
    ),
    verify: fc.constantFrom(SECRET_A, SECRET_B),
    challenge: fc.constant(true),
    kind: fc.constantFrom<"wake" | "agent">("wake", "agent"),
  },
  { requiredKeys: ["kind"] },
);

const requestArb = fc.record({
  path: fc.constantFrom("a", "b", "c"),
  payload: fc.oneof(
    fc.record(
      { n: fc.integer({ min: 0, max: 2 }), source: fc.constantFrom("s1", "s2") },
      { requiredKeys: [] },
    ),
    fc.constant({ type: "url_verification", challenge: "abc" }),
  ),
  headers: fc.constantFrom<Record<string, string>>({}, { h: "x" }),
  signedWith: fc.constantFrom<string | null>(null, SECRET_A, SECRET_B, "wrong-secret-000"),
});

function ruleMappings(rules: Generated<typeof ruleArb>[]): Mapping[] {
  return rules.map((r, i) => ({
    id: `r${i}`,
    action: r.kind,
    ...(r.kind === "wake"
      ? { textTemplate: `r${i} {{n}}` }
      : { messageTemplate: `r${i} {{n}}`, sessionKey: `hook:r${i}` }),
    match: {
      ...(r.path !== undefined && { path: r.path }),
      ...(r.source !== undefined && { source: r.source }),
      ...(r.when !== undefined && { when: r.when }),
    },
    ...(r.verify !== undefined && { verify: { scheme: "slack" as const, secret: r.verify } }),
    ...(r.challenge && r.verify !== undefined && { challenge: { kind: "slack" as const } }),
  }));
}

describe("shadowed mappings", () => {
  test("removing a mapping reported as never firing changes no decision", async () => {
    let removed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(ruleArb, { minLength: 1, maxLength: 8 }),
        fc.array(requestArb, { minLength: 1, maxLength: 6 }),
        async (rules, reqs) => {
          const list = ruleMappings(rules);
          const config = testConfig();
          config.hooks.mappings = mappings(...list);
          const full = await compileRules(config);
          const flagged = [
            ...shadowedRules(full.index.rules).keys(),
            ...full.index.rules.filter((r) => r.never && !r.challenge),
          ].map((r) => r.id);
          const warned = full.warnings.filter((w) => /can never fire|match\.when is false/.test(w.message));
          expect(new Set(warned.map((w) => w.message.split(":")[0]))).toEqual(
            new Set(flagged.map((id) => `mapping ${id}`)),
          );
          try {
            for (const id of new Set(flagged)) {
              removed++;
              const fewer = testConfig();
              fewer.hooks.mappings = mappings(...list).filter((m) => m.id !== id);
              // Ids stay as they were (mappings() would renumber origins only).
              const without = await compileRules(fewer);
              try {
                for (const r of reqs) {
                  const sent = signed(r);
                  const a = await simulator(config, full.index).run(sent, NOW, false);
                  const b = await simulator(fewer, without.index).run(sent, NOW, false);
                  const owner = (x: typeof a) =>
                    x.decision?.mappingId ?? (x.early?.kind === "handshake" ? "handshake" : undefined);
                  if (sent.token) {
                    // With the token: nothing changes at all.
                    expect(b.answer).toEqual(a.answer);
                    expect(b.decision).toEqual(a.decision);
                  } else if (owner(a) !== undefined || owner(b) !== undefined) {
                    // A signed request a mapping takes (or a handshake): the same one takes it, the same way.
                    // (Refusals may differ: a removed rule with a verify opened its path to signed
                    // requests, which then got 404 or a signature error instead of 401 unread.)
                    expect(owner(b)).toBe(owner(a));
                    expect(b.answer).toEqual(a.answer);
                    expect(b.decision).toEqual(a.decision);
                  }
                }
              } finally {
                without.dispose();
              }
            }
          } finally {
            full.dispose();
          }
        },
      ),
      { seed: 14, numRuns: 150 },
    );
    // The generator does produce shadowed mappings to remove.
    expect(removed).toBeGreaterThan(20);
  });
});

function signed(r: Generated<typeof requestArb>) {
  const raw = Buffer.from(JSON.stringify(r.payload));
  const headers: Record<string, string> = { ...r.headers };
  if (r.signedWith !== null) {
    const sig = signRequest(
      { scheme: "slack", secret: r.signedWith },
      { body: raw, timestamp: Math.floor(NOW.getTime() / 1000), id: "d1" },
      () => {},
    );
    Object.assign(headers, sig);
  }
  return { name: r.path, raw, payload: r.payload, headers, query: {}, token: r.signedWith === null };
}
