// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${param:NAME} in plain strings is the pack syntax under test.
// Properties of parameter substitution and of secret parameters: a whole-string reference is the
// typed value itself, no declared reference survives, nothing but the values is introduced, and a
// secret's value never appears in what hookgate prints about a pack or its errors.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packDetailJson, showPack } from "../../src/commands/pack-view.js";
import { checkValue } from "../../src/config/packs/params.js";
import { type SubstitutionProblem, substituteParams } from "../../src/config/packs/substitute.js";
import type { PackDefinition, PackParam } from "../../src/config/packs/types.js";

const name = fc.constantFrom("a", "b", "events", "secret");
const value = fc.oneof(
  fc.string({ maxLength: 12 }).filter((s) => !s.includes("${")),
  fc.integer(),
  fc.boolean(),
  fc.array(
    fc.string({ maxLength: 6 }).filter((s) => !s.includes("${")),
    { maxLength: 4 },
  ),
);
const values = fc.dictionary(name, value, { maxKeys: 4 });
const text = fc.string({ maxLength: 8 }).filter((s) => !s.includes("$") && !s.includes("{"));
/** A string with references among plain text. */
const templated = fc
  .array(
    fc.oneof(
      text,
      name.map((n) => `\${param:${n}}`),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((parts) => parts.join(""));
const doc = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small" },
    templated,
    fc.integer(),
    fc.array(tie("node"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("x", "y", "z"), tie("node"), { maxKeys: 3 }),
  ),
})).node;

describe("substituteParams", () => {
  it("a whole-string reference is the value itself (deep-equal, typed), or nothing without a value", () => {
    fc.assert(
      fc.property(values, name, (vals, n) => {
        const out = substituteParams({ k: `\${param:${n}}` }, vals, [], []) as Record<string, unknown>;
        if (Object.hasOwn(vals, n)) expect(out["k"]).toEqual(vals[n]);
        else expect(out).not.toHaveProperty("k");
      }),
    );
  });

  it("no reference survives, and arrays inside longer strings are reported, never printed", () => {
    fc.assert(
      fc.property(values, doc, (vals, d) => {
        const problems: SubstitutionProblem[] = [];
        const out = substituteParams(d, vals, [], problems);
        expect(JSON.stringify(out ?? null)).not.toMatch(/\$\{param:/);
        for (const p of problems)
          expect(p.message).toMatch(
            /is an array and cannot be part of a longer string|has no value and cannot be left out here/,
          );
      }),
    );
  });

  it("a reference without a value is an error, not a dropped key, in a match or a list", () => {
    const problems: SubstitutionProblem[] = [];
    const out = substituteParams(
      { match: { path: "${param:path}" }, list: ["a", "${param:extra}"], agentId: "${param:agent}" },
      {},
      ["mappings", 0],
      problems,
    );
    // Left out silently, the path would be gone and the mapping would take every hook.
    expect(problems.map((p) => p.path.join("."))).toEqual(["mappings.0.match.path", "mappings.0.list.1"]);
    expect(problems[0]!.message).toContain("${param:path} has no value and cannot be left out here");
    // Elsewhere the key goes.
    expect(out).not.toHaveProperty("agentId");
  });

  it("never changes the input", () => {
    fc.assert(
      fc.property(values, doc, (vals, d) => {
        const before = JSON.stringify(d);
        substituteParams(d, vals, [], []);
        expect(JSON.stringify(d)).toBe(before);
      }),
    );
  });
});

describe("secret parameters", () => {
  const secretText = fc.string({ minLength: 1, maxLength: 30 }).map((s) => `S3CR3T-${s}`);

  it("a value of the wrong type or outside enum is reported without quoting it", () => {
    const types: PackParam["type"][] = ["boolean", "integer", "number", "array"];
    fc.assert(
      fc.property(secretText, fc.constantFrom(...types), (secret, type) => {
        const wrongType = checkValue(secret, { type, secret: true });
        const notAllowed = checkValue(secret, { type: "string", secret: true, enum: ["a", "b"] });
        expect(JSON.stringify([wrongType, notAllowed])).not.toContain("S3CR3T");
      }),
    );
  });

  it("hookgate packs show (text and JSON) never prints a secret's value or literal default", () => {
    fc.assert(
      fc.property(secretText, secretText, (value, fallback) => {
        const pack: PackDefinition = {
          id: "p",
          version: "1.0.0",
          aliases: [],
          docs: [],
          params: {
            key: { type: "string", secret: true, default: fallback },
            env: { type: "string", secret: true, default: "${P_SECRET}" },
          },
          file: "/p.yaml",
          display: "p.yaml",
          source: {},
          origin: { kind: "built-in" },
          document: {},
        };
        const view = { pack, enabledAs: "p", values: { key: value, env: value }, mappings: [] };
        const printed = `${showPack(view)}\n${JSON.stringify(packDetailJson(view))}`;
        expect(printed).not.toContain("S3CR3T");
        expect(printed).toContain("${P_SECRET}");
      }),
    );
  });
});
