// The console in a real headless Chromium, driven by playwright-core (test/helpers/chromium.ts finds or
// unpacks one, with nothing installed by hand): log in with the hook token, see a request appear, open
// its trace, run the playground. Every form field is reached by its label, as a screen reader would. With
// UPDATE_SCREENSHOTS=1 the screenshots that docs/guides/operations.md shows, in test/e2e/screenshots/,
// are taken anew.
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium.js";
import { startTestServer, TEST_TOKEN, type TestServer } from "../helpers/server.js";

const SHOTS = process.env.UPDATE_SCREENSHOTS
  ? fileURLToPath(new URL("./screenshots/", import.meta.url))
  : mkdtempSync(join(tmpdir(), "hookgate-shots-"));

describe("console in a browser", () => {
  let s: TestServer;
  let browser: Browser;
  let page: Page;

  const shoot = async (name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    const file = join(SHOTS, `${name}.png`);
    writeFileSync(file, await page.screenshot({ fullPage: false }));
    expect(statSync(file).size).toBeGreaterThan(5_000);
  };

  beforeAll(async () => {
    s = await startTestServer({
      hooks: {
        mappings: [
          {
            id: "gh-issue",
            origin: "rules/github.yaml mappings[0]",
            action: "agent",
            match: { path: "github", when: { "==": [{ var: "headers.x-github-event" }, "issues"] } },
            messageTemplate: "New issue: {{issue.title}}",
          },
          {
            id: "gh-push",
            origin: "rules/github.yaml mappings[1]",
            action: "wake",
            match: { path: "github", when: { "==": [{ var: "headers.x-github-event" }, "push"] } },
            textTemplate: "Push to {{ref}} by {{pusher.name}}",
          },
        ],
      },
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1100, height: 720 } });
  });

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it("logs in with the hook token", async () => {
    await page.goto(`${s.url}/console`);
    await expect.poll(() => page.url()).toBe(`${s.url}/console/login`);
    await page.getByLabel("Hook token").fill("not the token");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("not the hook token");
    await page.getByLabel("Hook token").fill(TEST_TOKEN);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Requests");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "hookgate_console")).toMatchObject({
      httpOnly: true,
      sameSite: "Strict",
    });
  });

  it("shows a request as it arrives, and opens its trace", async () => {
    await s.post(
      "/hooks/github",
      { ref: "main", pusher: { name: "ada" } },
      { headers: { "x-github-event": "push" } },
    );
    await s.post(
      "/hooks/github",
      { issue: { title: "Login broken" } },
      { headers: { "x-github-event": "issues" } },
    );
    await s.post("/hooks/github", { zen: "Keep it simple" }, { headers: { "x-github-event": "ping" } });
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator("tbody tr").count();
      })
      .toBe(3);
    await shoot("console-requests");
    // The newest: the ping no rule takes.
    const first = page.locator("tbody tr").first();
    await expect.poll(() => first.textContent()).toContain("HOOK_NOT_FOUND");
    await first.getByRole("link").first().click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Request to /github");
    const trace = page.getByLabel("Explain trace");
    await expect
      .poll(() => trace.textContent())
      .toContain("✗ gh-issue (rules/github.yaml mappings[0]): when did not hold");
    await expect.poll(() => trace.textContent()).toContain('headers.x-github-event = "ping"');
    await expect
      .poll(() => page.locator(".error").textContent())
      .toContain("no hook mapping matches /hooks/github");
    await shoot("console-request");
  });

  it("shows the run and the main session's events", async () => {
    await page.getByRole("link", { name: "Runs" }).click();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.locator("tbody tr a").first().click();
    await expect
      .poll(async () => (await page.locator("main").textContent()) ?? "")
      .toContain("New issue: Login broken");
    await page.getByRole("link", { name: "Main session" }).click();
    await expect
      .poll(async () => (await page.locator("main").textContent()) ?? "")
      .toContain("Push to main by ada");
  });

  it("pauses a mapping with its button: its run waits held, and starts on resume", async () => {
    await page.getByRole("link", { name: "Mappings" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Mappings");
    await page.getByRole("button", { name: "Pause gh-issue" }).click();
    const row = page.locator("tbody tr", { hasText: "gh-issue" });
    await expect.poll(() => row.textContent()).toContain("paused by mapping gh-issue until resumed");
    expect(await s.runtime.store.listPauses(Date.now())).toMatchObject([
      { target: "mapping:gh-issue", by: "console" },
    ]);

    const r = await s.post(
      "/hooks/github",
      { issue: { title: "Held" } },
      { headers: { "x-github-event": "issues" } },
    );
    const { runId, held } = (await r.json()) as { runId: string; held?: boolean };
    expect(held).toBe(true);
    await expect
      .poll(async () => (await s.runtime.store.getRun(runId))?.status, { timeout: 20_000 })
      .toBe("held");
    await shoot("console-mappings");

    await page.getByRole("button", { name: "Resume mapping gh-issue" }).click();
    await expect.poll(() => row.textContent()).toContain("running");
    await expect
      .poll(async () => (await s.runtime.store.getRun(runId))?.status, { timeout: 20_000 })
      .toBe("succeeded");
  });

  it("runs the playground", async () => {
    await page.getByRole("link", { name: "Playground" }).click();
    await page.getByLabel("Mapping").selectOption("gh-push");
    await page.getByLabel("Headers, one per line").fill("x-github-event: push");
    await page.getByLabel("Payload (JSON)").fill('{"ref": "release", "pusher": {"name": "lin"}}');
    await page.getByRole("button", { name: "Decide" }).click();
    const result = page.getByLabel("Decision and explain trace");
    await expect
      .poll(() => result.textContent())
      .toContain("decision: wake (system event for the main session), by mapping gh-push");
    await expect.poll(() => result.textContent()).toContain("text: Push to release by lin");
    await shoot("console-playground");
  });
});
