// Templates: roots, OpenClaw index syntax, hyphenated headers, helpers, formatting of missing and
// structured values, and that no template ever throws or shows prototype members.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { WorkBudget } from "../../src/engine/budget.js";
import { compileTemplate, TemplateSyntaxError, templateData } from "../../src/engine/template.js";
import { rewriteIndexSyntax } from "../../src/engine/template-source.js";
import type { HookRequest } from "../../src/engine/types.js";

const NOW = new Date("2025-01-31T12:00:00.000Z");

function render(template: string, req: Partial<HookRequest> = {}): string {
  const full: HookRequest = { path: "hook", payload: {}, headers: {}, query: {}, ...req };
  return compileTemplate(template)(templateData(full, NOW));
}

const mail = {
  messages: [
    { id: "m-1", from: "ada@example.com", subject: "Invoice", snippet: "Please pay", labels: ["a", "b"] },
  ],
  count: 2,
  nested: { a: { b: [1, { c: "deep" }] } },
};

describe("template roots", () => {
  test("payload.x, bare x, headers, query, path and now", () => {
    const out = render(
      "{{payload.count}}|{{count}}|{{headers.x-github-event}}|{{query.env}}|{{path}}|{{now}}",
      { payload: mail, headers: { "x-github-event": "push" }, query: { env: "prod" }, path: "ci/build" },
    );
    expect(out).toBe("2|2|push|prod|ci/build|2025-01-31T12:00:00.000Z");
  });

  test("now reads as toISOString() for any time, whatever time was rendered before", () => {
    // The text is kept per millisecond and its part up to the milliseconds per second: times in the
    // same second, across seconds, before 1970 and after 9999 must each read as their own.
    const time = fc.integer({ min: -62_198_755_200_000, max: 8_640_000_000_000_000 });
    const near = fc.tuple(time, fc.integer({ min: -1500, max: 1500 }));
    fc.assert(
      fc.property(fc.array(near, { minLength: 1, maxLength: 8 }), (pairs) => {
        for (const [at, step] of pairs) {
          for (const ms of [at, at + step]) {
            const when = new Date(Math.max(-8.64e15, Math.min(8.64e15, ms)));
            const data = templateData({ path: "hook", payload: {}, headers: {}, query: {} }, when);
            expect(compileTemplate("{{now}}")(data)).toBe(when.toISOString());
          }
        }
      }),
    );
  });

  test("a payload key named like a root does not hide the root; payload.<key> still reads it", () => {
    const out = render("{{path}}|{{payload.path}}|{{headers.h}}", {
      path: "real",
      payload: { path: "from-payload", headers: "x" },
      headers: { h: "v" },
    });
    expect(out).toBe("real|from-payload|v");
  });

  test("headers with hyphens, several hyphens and digits", () => {
    const headers = {
      "x-github-event": "pull_request",
      "x-hub-signature-256": "sha",
      "x-request-id-2": "r2",
    };
    expect(render("{{headers.x-github-event}} {{headers.x-request-id-2}}", { headers })).toBe(
      "pull_request r2",
    );
  });
});

describe("index syntax", () => {
  test("{{messages[0].subject}}, {{messages.[0].subject}} and {{messages.0.subject}} all work", () => {
    expect(
      render("{{messages[0].subject}}|{{messages.[0].subject}}|{{messages.0.subject}}", { payload: mail }),
    ).toBe("Invoice|Invoice|Invoice");
    expect(render("{{messages.0.labels.1}}|{{messages[0].labels[1]}}", { payload: mail })).toBe("b|b");
  });

  test("nested and repeated indexes, inside helpers and blocks", () => {
    const out = render(
      '{{nested.a.b[1].c}}|{{payload.messages[0].labels[1]}}|{{upper messages[0].from}}|{{#if messages[0].snippet}}yes{{/if}}|{{default messages[3].id "none"}}',
      { payload: mail },
    );
    expect(out).toBe("deep|b|ADA@EXAMPLE.COM|yes|none");
  });

  test("left alone in string literals, comments and text outside mustaches", () => {
    expect(rewriteIndexSyntax('a[0] {{default x "a[0]"}} {{! a[0] }} {{!-- b[1] }} --}} {{a[2]}}')).toBe(
      'a[0] {{default x "a[0]"}} {{! a[0] }} {{!-- b[1] }} --}} {{a.[2]}}',
    );
    expect(rewriteIndexSyntax("\\{{a[0]}} {{a[0][1]}}")).toBe("\\{{a[0]}} {{a.[0].[1]}}");
    // A trailing numeric segment becomes a literal segment; number literals stay numbers.
    expect(rewriteIndexSyntax("{{a.0}} {{truncate a.10 2.5}} {{a.0.b}}")).toBe(
      "{{a.[0]}} {{truncate a.[10] 2.5}} {{a.[0].b}}",
    );
  });
});

describe("output formatting", () => {
  test("missing values render empty, at any depth", () => {
    expect(
      render("[{{nope}}][{{nope.deeper.still}}][{{messages[9].subject}}][{{headers.none}}]", {
        payload: mail,
      }),
    ).toBe("[][][][]");
  });

  test("objects and arrays render as compact JSON; numbers and booleans as text", () => {
    const out = render("{{nested.a}}|{{messages[0].labels}}|{{count}}|{{flag}}", {
      payload: { ...mail, flag: false },
    });
    expect(out).toBe('{"b":[1,{"c":"deep"}]}|["a","b"]|2|false');
  });

  test("no HTML escaping: the text is for an agent", () => {
    expect(render("{{s}}", { payload: { s: "<b>&\"'</b>" } })).toBe("<b>&\"'</b>");
  });

  test("__proto__, constructor and prototype render empty, also as own payload keys, and are left out of JSON", () => {
    const payload = JSON.parse(
      '{"__proto__": {"x": "P"}, "constructor": "C", "o": {"prototype": "Q", "k": 1}}',
    );
    const out = render(
      '[{{__proto__}}][{{payload.__proto__.x}}][{{constructor}}][{{o.prototype}}][{{o.constructor}}][{{o.[constructor]}}][{{lookup o "prototype"}}][{{o.toString}}][{{#each payload}}{{@key}};{{/each}}][{{json payload}}][{{o}}]',
      { payload },
    );
    expect(out).toBe('[][][][][][][][][o;][{"o":{"k":1}}][{"k":1}]');
  });
});

describe("helpers", () => {
  const payload = { title: "Hello World", labels: ["bug", "p1"], empty: "", obj: { a: 1 }, n: 5 };

  test.each([
    ["{{json obj}}", '{"a":1}'],
    ["{{json obj 2}}", '{\n  "a": 1\n}'],
    ['{{default empty "fallback"}}', "fallback"],
    ['{{default missing "fallback"}}', "fallback"],
    ['{{default title "fallback"}}', "Hello World"],
    ["{{truncate title 5}}", "Hell…"],
    ["{{truncate title 50}}", "Hello World"],
    ["{{lower title}}", "hello world"],
    ["{{upper title}}", "HELLO WORLD"],
    ["{{join labels}}", "bug, p1"],
    ['{{join labels " | "}}', "bug | p1"],
    ['{{#if (eq title "Hello World")}}same{{else}}different{{/if}}', "same"],
    ['{{#if (eq n "5")}}numeric text equals{{/if}}', "numeric text equals"],
    ["{{#unless (eq n 6)}}not six{{/unless}}", "not six"],
    ["{{#each labels}}[{{@index}}:{{this}}]{{/each}}", "[0:bug][1:p1]"],
    ["{{#with obj}}{{a}}{{/with}}", "1"],
  ])("%s", (template, expected) => {
    expect(render(template, { payload })).toBe(expected);
  });
});

describe("payload keys named like helpers", () => {
  // OpenClaw's templates are plain lookups: {{default}} reads payload.default. A helper's name with
  // no arguments reads the data here too; with arguments it is the helper.
  const payload = {
    default: "fallback-plan",
    json: { a: 1 },
    lower: "MiXeD",
    eq: 0,
    lookup: "l",
    title: "T",
  };

  test.each([
    ["{{default}}", "fallback-plan"],
    ["{{json}}", '{"a":1}'],
    ["{{lower}}|{{eq}}|{{lookup}}", "MiXeD|0|l"],
    ['{{default title "x"}}|{{lower lower}}|{{json json}}', 'T|mixed|{"a":1}'],
    ["{{payload.default}}", "fallback-plan"],
    ["{{#with payload}}{{default}}{{/with}}", "fallback-plan"],
  ])("%s", (template, expected) => {
    expect(render(template, { payload })).toBe(expected);
  });

  test("without such a key the bare name renders empty, as any missing key does", () => {
    expect(render("[{{default}}][{{json}}][{{eq}}]", { payload: { title: "T" } })).toBe("[][][]");
  });
});

describe("template errors at load", () => {
  test.each([
    ["{{unclosed", /Parse error/],
    ["{{#if x}}no end", /Parse error|doesn't match/],
    ["{{> partial}}", /partials .* not supported/],
    ["{{unknownHelper x}}", /unknown helper unknownHelper/],
    ["{{log x}}", /unknown helper log/],
    ["{{#each}}{{/each}}", /Must pass iterator to #each/],
  ])("%s", (template, message) => {
    expect(() => compileTemplate(template)).toThrow(TemplateSyntaxError);
    expect(() => compileTemplate(template)).toThrow(message);
  });
});

// Generated payloads put a marker only under names of prototype members; templates reach for
// them every way Handlebars allows. Nothing may throw, and the marker, functions and
// "[object Object]" must never show.
const MARK = "PROTO-MARK";
const BLOCKED = ["__proto__", "constructor", "prototype"];
const KEYS = ["a", "b", "list", "x-y", "toString", "hasOwnProperty", "valueOf", "length", "__defineGetter__"];

const jsonText: fc.Arbitrary<string> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc
      .oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null))
      .map((v) => JSON.stringify(v)),
    fc.array(tie("value"), { maxLength: 3 }).map((items) => `[${items.join(",")}]`),
    fc
      .array(
        fc.oneof(
          fc.tuple(fc.constantFrom(...KEYS), tie("value")),
          fc.tuple(fc.constantFrom(...BLOCKED), fc.constant(JSON.stringify({ v: MARK, f: MARK }))),
        ),
        { maxLength: 4 },
      )
      .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
  ),
})).value as fc.Arbitrary<string>;

const segment = fc.constantFrom(...KEYS, ...BLOCKED, "0", "[0]", "v", "f");
const pathArb = fc
  .tuple(
    fc.constantFrom("", "payload.", "this.", "@root."),
    fc.array(segment, { minLength: 1, maxLength: 4 }),
  )
  .map(([prefix, segs]) => prefix + segs.map((s, i) => (s === "[0]" ? s : (i > 0 ? "." : "") + s)).join(""))
  .map((p) => p.replace(/^(payload\.|this\.|@root\.)?\[0\]/, "$1a[0]").replace(/\.\[0\]/g, "[0]"));
const templateArb = fc
  .array(
    fc.oneof(
      pathArb.map((p) => `{{${p}}}`),
      pathArb.map((p) => `{{json ${p}}}`),
      pathArb.map((p) => `{{#each ${p}}}{{@key}}={{this}};{{/each}}`),
      fc.tuple(pathArb, fc.constantFrom(...KEYS, ...BLOCKED)).map(([p, k]) => `{{lookup ${p} "${k}"}}`),
      fc.tuple(pathArb, pathArb).map(([p, q]) => `{{#with ${p}}}{{${q}}}{{/with}}`),
      pathArb.map((p) => `{{default ${p} "d"}}|{{join ${p}}}|{{truncate ${p} 4}}|{{upper ${p}}}`),
      pathArb.map((p) => `{{#if (eq ${p} "a")}}y{{else}}n{{/if}}`),
      fc.constant("{{this}}"),
      fc.constant("{{headers.x-a}}"),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join(" "));

describe("generated templates and payloads", () => {
  test("never throw and never show prototype members", () => {
    fc.assert(
      fc.property(templateArb, jsonText, (template, text) => {
        const payload = JSON.parse(text);
        const out = compileTemplate(template)(
          templateData({ path: "p", payload, headers: { "x-a": "h" }, query: {} }, NOW),
        );
        expect(typeof out).toBe("string");
        expect(out).not.toContain(MARK);
        expect(out).not.toContain("[native code]");
        expect(out).not.toContain("[object Object]");
        expect(out).not.toMatch(/function\s*\w*\s*\(/);
      }),
      { seed: 42, numRuns: 1500 },
    );
  });
});

// Templates of text and plain references render without Handlebars' runtime (template-flat.ts); the
// output and the budget charged must be Handlebars' own for every such template and payload.
const textArb = fc.oneof(
  fc.constantFrom("", " ", "\n", "  \n\t", "a b", "(", ", severity ", "\\{{x}} ", "é"),
  fc.string({ maxLength: 5 }).map((s) => s.replace(/[{}\\]/g, "")),
);
const flatRefArb = fc.oneof(
  pathArb.map((p) => `{{${p}}}`),
  pathArb.map((p) => `{{{${p}}}}`),
  pathArb.map((p) => `{{~${p}~}}`),
  pathArb.map((p) => `{{~ ${p}}}`),
  fc.constantFrom("{{headers.x-a}}", "{{path}}", "{{now}}", "{{this}}", "{{json}}", "{{a.length}}"),
);
const flatTemplateArb = fc
  .array(fc.tuple(textArb, flatRefArb), { minLength: 1, maxLength: 5 })
  .chain((pairs) => textArb.map((tail) => pairs.map(([t, r]) => t + r).join("") + tail));

describe("the direct renderer of flat templates", () => {
  const data = (payload: unknown) =>
    templateData({ path: "p", payload, headers: { "x-a": "h" }, query: { q: "1" } }, NOW);

  test("renders what Handlebars renders, for generated templates and payloads", () => {
    fc.assert(
      fc.property(flatTemplateArb, jsonText, (template, text) => {
        const payload = JSON.parse(text);
        const direct = compileTemplate(template);
        const handlebars = compileTemplate(template, { handlebarsOnly: true });
        expect(direct(data(payload))).toBe(handlebars(data(payload)));
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  test("charges the budget as Handlebars does, and stops at the same limit", () => {
    const template = "{{a}}-{{b}}-{{list}}";
    const payload = { a: "x".repeat(40), b: "y".repeat(40), list: [1, 2, 3] };
    for (const size of [0, 39, 40, 80, 81, 88, 89, 200]) {
      const outcome = (opts: { handlebarsOnly?: boolean }) => {
        const budget = new WorkBudget("TEMPLATE_BUDGET_EXCEEDED", "templates", { iterations: 10, size });
        try {
          return { out: compileTemplate(template, opts)(data(payload), budget), size: budget.size };
        } catch (err) {
          return { error: (err as Error).message, size: budget.size };
        }
      };
      expect(outcome({})).toEqual(outcome({ handlebarsOnly: true }));
    }
  });

  test("common shapes render as expected", () => {
    expect(
      render("{{a}} on {{b}} ({{c.d}}, {{missing.x}})", { payload: { a: 1, b: "h", c: { d: [1] } } }),
    ).toBe("1 on h ([1], )");
    expect(render("plain text")).toBe("plain text");
    expect(render("{{__proto__}}{{constructor.name}}x", { payload: { a: 1 } })).toBe("x");
    expect(render("{{a.toString}}|{{a.length}}|{{b.constructor}}", { payload: { a: "str", b: {} } })).toBe(
      "|3|",
    );
  });
});
