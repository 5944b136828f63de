// transformsDir and transform.module must stay inside <config dir>/hooks/transforms: `..`, absolute
// paths and symbolic links out are rejected.
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { issueAt, loadErrors, loadYaml, TOKEN, tempDir, writeFiles } from "./config-helpers.js";

function withModule(module: string, extra = ""): string {
  return `hooks:\n  enabled: true\n  token: ${TOKEN}\n${extra}  mappings:\n    - action: agent\n      transform: { module: "${module}" }\n`;
}

describe("hooks.transformsDir", () => {
  it("defaults to <config dir>/hooks/transforms", async () => {
    const dir = tempDir();
    const { config } = await loadYaml("{}", { dir });
    expect(config.hooks.transformsDir).toBe(join(dir, "hooks", "transforms"));
  });

  it("may be a folder below the root that does not exist yet", async () => {
    const dir = tempDir();
    const { config } = await loadYaml("hooks: { transformsDir: hooks/transforms/github }", { dir });
    expect(config.hooks.transformsDir).toBe(join(dir, "hooks", "transforms", "github"));
  });

  it("rejects .. out of the root", async () => {
    const dir = tempDir();
    const issues = await loadErrors("hooks:\n  transformsDir: hooks/transforms/../../src\n", { dir });
    expect(issueAt(issues, "hooks.transformsDir")).toMatchObject({
      message: `"hooks/transforms/../../src" resolves to ${join(dir, "src")}, outside ${join(dir, "hooks", "transforms")}; transforms must live in that folder or below it`,
      line: 2,
      column: 18,
    });
  });

  it("rejects an absolute path elsewhere", async () => {
    const outside = tempDir();
    const issues = await loadErrors(`hooks:\n  transformsDir: ${outside}\n`);
    expect(issueAt(issues, "hooks.transformsDir").message).toMatch(/outside .*hooks\/transforms/);
  });

  it("rejects a default hooks/transforms that is itself a link out of the config's folder", async () => {
    const dir = tempDir();
    const outside = tempDir();
    writeFiles(outside, { "run.js": "export default () => ({ text: 'from elsewhere' })\n" });
    mkdirSync(join(dir, "hooks"), { recursive: true });
    symlinkSync(outside, join(dir, "hooks", "transforms"));
    for (const config of ["{}\n", withModule("run.js")]) {
      const issues = await loadErrors(config, { dir });
      expect(issueAt(issues, "hooks.transformsDir").message).toBe(
        `the transforms folder ${join(dir, "hooks", "transforms")} leads through a symbolic link to ${outside}, outside the config's folder ${dir}; make hooks/transforms a real folder there (copy the modules in) instead of a link`,
      );
    }
    // A configured folder below it is judged the same way.
    const below = await loadErrors("hooks:\n  transformsDir: hooks/transforms/sub\n", { dir });
    expect(issueAt(below, "hooks.transformsDir").message).toContain("leads through a symbolic link");
  });

  it("rejects a symbolic link inside the root that points out", async () => {
    const dir = tempDir();
    const outside = tempDir();
    mkdirSync(join(dir, "hooks", "transforms"), { recursive: true });
    symlinkSync(outside, join(dir, "hooks", "transforms", "shared"));
    const issues = await loadErrors("hooks:\n  transformsDir: hooks/transforms/shared/github\n", { dir });
    expect(issueAt(issues, "hooks.transformsDir").message).toBe(
      `"hooks/transforms/shared/github" leads through a symbolic link to ${join(outside, "github")}, outside ${join(dir, "hooks", "transforms")}; transforms must live in that folder or below it`,
    );
  });
});

describe("transform.module", () => {
  it("accepts a module inside the transforms folder", async () => {
    const dir = tempDir();
    writeFiles(dir, { "hooks/transforms/github.js": "export default () => null;\n" });
    const { config } = await loadYaml(withModule("github.js"), { dir });
    expect(config.hooks.mappings[0]!.transform).toEqual({ module: "github.js" });
  });

  it("rejects ../", async () => {
    const dir = tempDir();
    const issues = await loadErrors(withModule("../x.js"), { dir });
    expect(issueAt(issues, "hooks.mappings[0].transform.module")).toMatchObject({
      message: `"../x.js" resolves to ${join(dir, "hooks", "x.js")}, outside hooks.transformsDir (${join(dir, "hooks", "transforms")}); put the module in that folder and name it relative to it`,
      line: 6,
      column: 28,
    });
  });

  it("rejects an absolute path outside", async () => {
    const issues = await loadErrors(withModule("/etc/passwd"));
    expect(issueAt(issues, "hooks.mappings[0].transform.module").message).toMatch(
      /^"\/etc\/passwd" resolves to \/etc\/passwd, outside hooks.transformsDir/,
    );
  });

  it("is judged against a configured transformsDir", async () => {
    const dir = tempDir();
    const issues = await loadErrors(withModule("../other.js", "  transformsDir: hooks/transforms/gh\n"), {
      dir,
    });
    expect(issueAt(issues, "hooks.mappings[0].transform.module").message).toContain(
      `outside hooks.transformsDir (${join(dir, "hooks", "transforms", "gh")})`,
    );
  });

  it("rejects a symbolic link inside the transforms folder that points to a file outside", async () => {
    const dir = tempDir();
    const outside = tempDir();
    writeFiles(outside, { "evil.js": "export default () => null;\n" });
    mkdirSync(join(dir, "hooks", "transforms"), { recursive: true });
    symlinkSync(join(outside, "evil.js"), join(dir, "hooks", "transforms", "evil.js"));
    const issues = await loadErrors(withModule("evil.js"), { dir });
    expect(issueAt(issues, "hooks.mappings[0].transform.module").message).toBe(
      `"evil.js" leads through a symbolic link to ${join(outside, "evil.js")}, outside hooks.transformsDir (${join(dir, "hooks", "transforms")}); copy the module into that folder instead of linking it`,
    );
  });

  it("rejects a not-yet-existing file below a linked folder that points out", async () => {
    const dir = tempDir();
    const outside = tempDir();
    mkdirSync(join(dir, "hooks", "transforms"), { recursive: true });
    symlinkSync(outside, join(dir, "hooks", "transforms", "lib"));
    const issues = await loadErrors(withModule("lib/later.js"), { dir });
    expect(issueAt(issues, "hooks.mappings[0].transform.module").message).toMatch(
      /leads through a symbolic link/,
    );
  });

  it("rejects a dangling link that points out", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "hooks", "transforms"), { recursive: true });
    symlinkSync("/nonexistent-hookgate/x.js", join(dir, "hooks", "transforms", "x.js"));
    const issues = await loadErrors(withModule("x.js"), { dir });
    expect(issueAt(issues, "hooks.mappings[0].transform.module").message).toMatch(
      /leads through a symbolic link to \/nonexistent-hookgate\/x.js/,
    );
  });

  it("accepts a link that stays inside the transforms folder", async () => {
    const dir = tempDir();
    writeFiles(dir, { "hooks/transforms/real.js": "export default () => null;\n" });
    symlinkSync(join(dir, "hooks", "transforms", "real.js"), join(dir, "hooks", "transforms", "alias.js"));
    await expect(loadYaml(withModule("alias.js"), { dir })).resolves.toBeDefined();
  });

  it("checks modules of rule files too, pointing into the rule file", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      "rules/gh.yaml":
        "mappings:\n  - action: wake\n    textTemplate: x\n    transform: { module: ../../x.js }\n",
    });
    const issues = await loadErrors(`hooks:\n  rules: [rules/gh.yaml]\n`, { dir });
    expect(issueAt(issues, "mappings[0].transform.module")).toMatchObject({ file: "rules/gh.yaml", line: 4 });
  });
});
