// Template errors at load name what is wrong and where: the index of the offending character in the
// template as written (before the index-syntax rewrite), and the closest helper for a mistyped one.
import { describe, expect, test } from "vitest";
import { compileTemplate, TemplateSyntaxError } from "../../src/engine/template.js";

function failure(template: string): { message: string; at: string | undefined } {
  try {
    compileTemplate(template);
  } catch (err) {
    expect(err).toBeInstanceOf(TemplateSyntaxError);
    const { message, index } = err as TemplateSyntaxError;
    return { message, at: index === undefined ? undefined : template.slice(index) };
  }
  throw new Error(`expected ${template} to fail`);
}

describe("template error positions and messages", () => {
  test.each([
    [
      "x {{#if a}}open",
      "Parse error: {{#if}} is never closed; add {{/if}} where the block ends",
      "{{#if a}}open",
    ],
    ["a\nb {{x y", "Parse error: {{ is never closed with }}", "{{x y"],
    ["{{x}} {{/if}}", "Parse error: unexpected {{/...}} (no block is open)", "{{/if}}"],
    ["{{#if a}}\n{{else}}{{else}}{{/if}}", "Parse error: unexpected {{else}}", "{{else}}{{/if}}"],
    [
      "{{#with a}}{{#if b}}{{/with}}",
      "{{#if}} is closed by {{/with}}; close it with {{/if}}",
      "if b}}{{/with}}",
    ],
    ["{{> card}}", "partials ({{> name}}) are not supported", "{{> card}}"],
  ])("%j", (template, message, at) => {
    expect(failure(template)).toEqual({ message, at });
  });

  test("an unknown helper suggests the closest known one and lists them all", () => {
    expect(failure("Hi {{lowr name}}")).toEqual({
      message:
        "unknown helper lowr; did you mean lower? helpers: json, default, truncate, lower, upper, join, eq, lookup, if, unless, each, with",
      at: "{{lowr name}}",
    });
    expect(failure("{{frobnicate x}}").message).toMatch(/^unknown helper frobnicate; helpers: json, /);
  });

  test("positions count in the template as written, not in its rewritten index syntax", () => {
    expect(failure("{{a[0].b}} {{items.0}} {{jsno x}}").at).toBe("{{jsno x}}");
    expect(failure("{{list[1][2]}}\n  {{#each list}}{{/with}}").at).toBe("each list}}{{/with}}");
  });

  test("an error Handlebars gives no position for has none", () => {
    expect(failure("{{#each}}{{/each}}")).toEqual({ message: "Must pass iterator to #each", at: undefined });
  });
});
