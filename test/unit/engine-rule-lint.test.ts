// Traps that load fine but never match: warnings naming the mapping and field, with the fix.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { hasAllowedPrefix } from "../../src/core/allowlists.js";
import { canReachPrefix, certainKeyStart } from "../../src/core/session-key-reach.js";
import type { Mapping } from "../../src/types/generated.js";
import { compile } from "./engine-helpers.js";

const wake = (extra: Partial<Mapping> = {}): Mapping => ({ action: "wake", textTemplate: "event", ...extra });

async function lint(mapping: Mapping): Promise<{ path: string; message: string }[]> {
  const { warnings } = await compile([mapping]);
  return warnings.map(({ path, message }) => ({ path, message }));
}

describe("match.when", () => {
  test("a var outside payload, headers, query and path is always null: suggest payload.<path>", async () => {
    expect(
      await lint(wake({ id: "gh", match: { path: "gh", when: { "==": [{ var: "action" }, "opened"] } } })),
    ).toEqual([
      {
        path: 'hooks.mappings[0].match.when["=="][0].var',
        message:
          'mapping gh: {"var":"action"} is always null: match.when sees only payload, headers, query, path, verified and ce; write {"var":"payload.action"}',
      },
    ]);
  });

  test("a root spelled in another case, or close to one", async () => {
    const warnings = await lint(
      wake({
        match: {
          when: {
            and: [{ var: "Payload.ref" }, { var: ["querry.env", "prod"] }, { "!!": { var: "paths" } }],
          },
        },
      }),
    );
    expect(warnings.map((w) => [w.path, w.message.replace(/^.*; write /, "")])).toEqual([
      ["hooks.mappings[0].match.when.and[0].var", '{"var":"payload.ref"}'],
      ["hooks.mappings[0].match.when.and[1].var[0]", '{"var":"payload.querry.env"} (or {"var":"query.env"})'],
      ['hooks.mappings[0].match.when.and[2]["!!"].var', '{"var":"payload.paths"} (or {"var":"path"})'],
    ]);
  });

  test("a header name with capitals is always null: headers arrive lower-cased", async () => {
    expect(
      await lint(wake({ id: "gh", match: { when: { "==": [{ var: "headers.X-GitHub-Event" }, "push"] } } })),
    ).toEqual([
      {
        path: 'hooks.mappings[0].match.when["=="][0].var',
        message:
          'mapping gh: {"var":"headers.X-GitHub-Event"} is always null: header names are lower-case; write {"var":"headers.x-github-event"}',
      },
    ]);
  });

  test("correct paths, the whole data, and items inside map/filter/some are fine", async () => {
    const when = {
      and: [
        { "==": [{ var: "headers.x-github-event" }, "push"] },
        { "!=": [{ var: ["query.env", "prod"] }, "test"] },
        { "==": [{ var: "path" }, "gh"] },
        { "!!": { var: "" } },
        { some: [{ var: "payload.alerts" }, { "==": [{ var: "status" }, "firing"] }] },
        { reduce: [{ var: "payload.n" }, { "+": [{ var: "current" }, { var: "accumulator" }] }, 0] },
      ],
    };
    expect(await lint(wake({ match: { when } }))).toEqual([]);
  });

  test("the iterated input of map/filter/some is read from the request and is checked", async () => {
    const warnings = await lint(wake({ match: { when: { some: [{ var: "alerts" }, { var: "x" }] } } }));
    expect(warnings.map((w) => w.path)).toEqual(["hooks.mappings[0].match.when.some[0].var"]);
  });
});

describe("templates", () => {
  test("headers.<Name> with capitals renders empty", async () => {
    expect(
      await lint(
        wake({
          id: "gh",
          textTemplate: 'Event {{headers.X-GitHub-Event}} {{default x "headers.X-Literal"}}',
        }),
      ),
    ).toEqual([
      {
        path: "hooks.mappings[0].textTemplate",
        message:
          "mapping gh: headers.X-GitHub-Event always renders empty: header names are lower-case; write headers.x-github-event",
      },
    ]);
    expect(
      await lint(wake({ textTemplate: "{{headers.x-github-event}} {{payload.headers.X-Own}}" })),
    ).toEqual([]);
  });

  test("the warning carries the index of the reference, so it can be placed in the file", async () => {
    const { warnings } = await compile([wake({ name: "GitHub {{#if x}}{{headers.X-Id}}{{/if}}" })]);
    expect(warnings[0]).toMatchObject({ path: "hooks.mappings[0].name", offset: 18 });
  });
});

describe("match.path", () => {
  test("a path that repeats hooks.path", async () => {
    expect(await lint(wake({ id: "gh", match: { path: "/hooks/github" } }))).toEqual([
      {
        path: "hooks.mappings[0].match.path",
        message:
          'mapping gh: "/hooks/github" repeats hooks.path, so it matches only POST /hooks/hooks/github (match.path is the part after /hooks); write path: github',
      },
    ]);
    expect(await lint(wake({ match: { path: "hooksy/github" } }))).toEqual([]);
  });
});

describe("session keys no allowed prefix admits", () => {
  test("the text every key starts with is read from leading text or one {{#if}} around the template", () => {
    expect(certainKeyStart("hook:gh:{{number}}")).toBe("hook:gh:");
    expect(certainKeyStart("{{#if id}}hook:gmail:{{id}}{{/if}}")).toBe("hook:gmail:");
    expect(certainKeyStart("  hook:x")).toBe("hook:x");
    // Where the start depends on the payload, nothing is claimed.
    expect(certainKeyStart("{{#if a}}x:{{else}}hook:{{/if}}")).toBe("");
    expect(certainKeyStart("{{#if a}}x:{{/if}}hook:{{id}}")).toBe("");
    expect(certainKeyStart("{{prefix}}:{{id}}")).toBe("");
  });

  test("a templated key of the user's own mapping warns too", async () => {
    const { warnings } = await compile(
      [{ id: "gh", match: { path: "gh" }, messageTemplate: "m", sessionKey: "github:{{number}}" }],
      { hooks: { allowedSessionKeyPrefixes: ["hook:"] } },
    );
    expect(warnings).toMatchObject([
      { path: "hooks.mappings[0].sessionKey", message: expect.stringContaining('"github:"') },
    ]);
  });

  test("property: a warning is never wrong — when it fires, no rendering of the key passes", () => {
    const piece = fc.stringMatching(/^[a-z:]{0,6}$/);
    fc.assert(
      fc.property(
        piece,
        piece,
        fc.array(
          piece.filter((p) => p !== ""),
          { maxLength: 3 },
        ),
        (lit, value, prefixes) => {
          const start = certainKeyStart(`${lit}{{id}}`);
          if (!canReachPrefix(start, prefixes))
            expect(hasAllowedPrefix(`${lit}${value}`, prefixes)).toBe(false);
        },
      ),
      { seed: 20_261_125, numRuns: 500 },
    );
  });
});
