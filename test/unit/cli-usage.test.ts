// Mistakes on the command line: what hookgate answers to a typo, and its version.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli.js";
import { command as events } from "../../src/commands/events.js";
import { command as replay } from "../../src/commands/replay.js";
import { command as runs } from "../../src/commands/runs.js";
import { command as serve } from "../../src/commands/serve.js";
import { command as test } from "../../src/commands/test.js";
import { command as validate } from "../../src/commands/validate.js";
import { runCli } from "../helpers/child.js";
import { runCommand } from "./command-helpers.js";

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

const hookgate = (argv: string[]) => runCommand({ summary: "", run: main }, argv);

describe("hookgate with a mistyped command", () => {
  it("suggests the nearest command and lists them all", async () => {
    const { code, stdout, stderr } = await hookgate(["serv"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^hookgate: unknown command "serv"; did you mean "serve"\?\n\n/);
    for (const name of ["serve", "validate", "test", "events", "runs", "reload", "sign"])
      expect(stderr).toMatch(new RegExp(`^ {2}${name} +\\S`, "m"));
    expect((await hookgate(["evnets"])).stderr).toContain('did you mean "events"?');
  });

  it("suggests nothing for a word far from every command", async () => {
    const { code, stderr } = await hookgate(["migrate"]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^hookgate: unknown command "migrate"\n\n/);
  });

  it("treats an option before the command as an option", async () => {
    const { code, stderr } = await hookgate(["--verison"]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^hookgate: unknown option --verison; did you mean --version\?\n/);
  });

  it("does not take inherited property names for commands", async () => {
    const { code, stderr } = await hookgate(["constructor"]);
    expect(code).toBe(1);
    expect(stderr).toContain('unknown command "constructor"');
  });
});

describe("a command with a mistyped option", () => {
  it("suggests the nearest option and prints the command's usage", async () => {
    const { code, stdout, stderr } = await runCommand(runs, ["--limt", "5"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(
      /^hookgate runs: unknown option --limt; did you mean --limit\?\n\nUsage: hookgate runs /,
    );
  });

  it("reads --name=value, a single-dash long name and the other commands alike", async () => {
    expect((await runCommand(runs, ["--stauts=failed"])).stderr).toMatch(
      /^hookgate runs: unknown option --stauts; did you mean --status\?\n/,
    );
    expect((await runCommand(events, ["-pending"])).stderr).toMatch(
      /^hookgate events: unknown option -pending; did you mean --pending\?\n\nUsage: hookgate events /,
    );
    expect((await runCommand(events, ["--heartbeat"])).stderr).toContain(
      "unknown option --heartbeat; did you mean --heartbeats?",
    );
    const far = await runCommand(events, ["--colour"]);
    expect(far.code).toBe(1);
    expect(far.stderr).toMatch(/^hookgate events: unknown option --colour\n\nUsage:/);
    const short = await runCommand(serve, ["-x"]);
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/^hookgate serve: unknown option -x\n\nUsage:/);
  });

  it("suggests the nearest subcommand and status", async () => {
    expect((await runCommand(runs, ["shwo", "abcd"])).stderr).toMatch(
      /^hookgate runs: unknown subcommand "shwo"; did you mean "show"\?\n/,
    );
    expect((await runCommand(runs, ["3f2a"])).stderr).toContain(
      'unknown subcommand "3f2a" (did you mean: runs show 3f2a?)',
    );
    const status = await runCommand(runs, ["--status", "succeded"]);
    expect(status.code).toBe(1);
    expect(status.stderr).toContain('got "succeded"; did you mean "succeeded"?');
  });
});

describe("what a newcomer types first", () => {
  it("start, server, up: the command that starts the server is serve", async () => {
    for (const word of ["start", "server", "up"]) {
      const { code, stderr } = await hookgate([word]);
      expect(code).toBe(1);
      expect(stderr).toMatch(
        new RegExp(
          `^hookgate: unknown command "${word}"; did you mean "serve"\\? \\(hookgate serve starts the server\\)\n`,
        ),
      );
    }
    expect((await hookgate(["check"])).stderr).toMatch(
      /^hookgate: unknown command "check"; did you mean "validate"\?/,
    );
  });

  it("a config file named without --config: the option to name it", async () => {
    for (const [cmd, file] of [
      [validate, "hookgate.yaml"],
      [serve, "config/prod.yml"],
      [replay, "new.json"],
    ] as const) {
      const { code, stderr } = await runCommand(cmd, [file]);
      expect(code).toBe(1);
      expect(stderr).toMatch(
        new RegExp(
          `^hookgate \\w+: unexpected argument ${file.replace(".", "\\.")}; to use that config file: --config ${file.replace(".", "\\.")}\n\nUsage:`,
        ),
      );
    }
    const other = await runCommand(validate, ["now"]);
    expect(other.stderr).toMatch(/^hookgate validate: unexpected argument now\n\nUsage:/);
  });

  it("hookgate test NAME FILE: the body is given with --payload", async () => {
    const { code, stderr } = await runCommand(test, ["github", "payload.json"]);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^hookgate test: give the body with --payload: hookgate test github --payload payload\.json\n\nUsage:/,
    );
    const three = await runCommand(test, ["github", "x", "y"]);
    expect(three.stderr).toMatch(/^hookgate test: give exactly one hook NAME, e\.g\. hookgate test github\n/);
  });
});

describe("hookgate --version", () => {
  it("is listed in the help", async () => {
    const { code, stdout } = await hookgate(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}--version, -V +print the version/m);
    expect(stdout).toMatch(/^ {2}--help, -h +show this help/m);
  });

  it("prints the package version for --version, -V and -v", async () => {
    for (const flag of ["--version", "-V", "-v"]) {
      const { code, stdout, stderr } = await hookgate([flag]);
      expect({ flag, code, stdout, stderr }).toEqual({ flag, code: 0, stdout: `${version}\n`, stderr: "" });
    }
  });

  it("works from the built command, as do its usage errors", async () => {
    const shown = runCli(["-V"]);
    expect(await shown.exited).toBe(0);
    expect(shown.stdout()).toBe(`${version}\n`);
    const typo = runCli(["serv"]);
    expect(await typo.exited).toBe(1);
    expect(typo.stderr()).toContain('unknown command "serv"; did you mean "serve"?');
  });
});
