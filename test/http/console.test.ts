// The console over a real socket, as an attacker would try it: login and its own lockout, the session
// cookie's attributes, CSRF on every POST, hostile hook names, headers and payloads rendered as text
// only (no script, no attribute break-out, no javascript: link), and the loopback default.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeHtml, html } from "../../src/http/console/html.js";
import { secureCookie } from "../../src/http/console/secure-cookie.js";
import { startTestServer, TEST_TOKEN, type TestServer } from "../helpers/server.js";

const HOSTILE = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(document.cookie)",
  "</pre><script>alert(2)</script>",
  "' onmouseover='alert(3)",
  // A template literal's placeholder, as text.
  ["`$", "{alert(4)}`"].join(""),
];

interface Browser {
  cookie: string;
  csrf: string;
}

async function login(s: TestServer, token = TEST_TOKEN): Promise<Response> {
  return fetch(`${s.url}/console/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: s.url },
    body: new URLSearchParams({ token }).toString(),
  });
}

async function loggedIn(s: TestServer): Promise<Browser> {
  const r = await login(s);
  expect(r.status).toBe(303);
  const cookie = r.headers.get("set-cookie")!.split(";")[0]!;
  const page = await (await fetch(`${s.url}/console/playground`, { headers: { cookie } })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
  return { cookie, csrf };
}

const get = (s: TestServer, b: Browser, path: string) =>
  fetch(`${s.url}${path}`, { headers: { cookie: b.cookie } });

function postForm(
  s: TestServer,
  b: Browser,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${s.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: b.cookie,
      "content-type": "application/x-www-form-urlencoded",
      origin: s.url,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** What an attacker's text must never become in a page: a tag, an event handler, a script link. */
function expectInert(page: string): void {
  const tags = page.match(/<[a-zA-Z][^>]*>/g) ?? [];
  for (const tag of tags) {
    expect(tag).not.toMatch(/^<(script|img|iframe|svg|object|embed)/i);
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
  }
  for (const m of page.matchAll(/\s(?:href|src|action)="([^"]*)"/g)) expect(m[1]).toMatch(/^(\/console|#)/);
}

describe("console", () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({
      hooks: {
        authFailures: { max: 3, windowSeconds: 60, lockSeconds: 60, maxTrackedAddresses: 100 },
        mappings: [
          {
            id: "gh-push",
            origin: "hooks.mappings[0]",
            action: "wake",
            match: { path: "github", when: { "==": [{ var: "headers.x-github-event" }, "push"] } },
            textTemplate: "Push {{ref}}",
          },
          {
            id: "ce-deploy",
            origin: "hooks.mappings[1]",
            action: "wake",
            match: { path: "events", when: { "==": [{ var: "ce.type" }, "com.example.deploy.failed"] } },
            textTemplate: "Deploy {{ce.source}} {{stage}}",
          },
        ],
      },
    });
  });
  afterAll(() => s.close());

  it("sends a browser without a session to the login page; a wrong token gets 401, the right one a session", async () => {
    const r = await fetch(`${s.url}/console`, { redirect: "manual" });
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("/console/login");
    const loginPage = await fetch(`${s.url}/console/login`);
    expect(loginPage.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(loginPage.headers.get("x-frame-options")).toBe("DENY");
    expect((await login(s, "not-the-token-at-all-000000")).status).toBe(401);
    const ok = await login(s);
    expect(ok.status).toBe(303);
    const cookie = ok.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^hookgate_console=[\w-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/console");
    expect(cookie).not.toContain("Secure");
    const home = await fetch(`${s.url}/console`, { headers: { cookie: cookie.split(";")[0]! } });
    expect(home.status).toBe(200);
    expect(home.headers.get("cache-control")).toBe("no-store");
  });

  it("marks the cookie Secure behind a TLS proxy, without trustProxy: X-Forwarded-Proto or an https publicUrl's host", async () => {
    const viaProxy = (headers: Record<string, string>) =>
      fetch(`${s.url}/console/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: s.url, ...headers },
        body: new URLSearchParams({ token: TEST_TOKEN }).toString(),
      });
    const proxied = await viaProxy({ "x-forwarded-proto": "https" });
    expect(proxied.status).toBe(303);
    expect(proxied.headers.get("set-cookie")).toContain("; Secure");
    const plain = await viaProxy({ "x-forwarded-proto": "http" });
    expect(plain.headers.get("set-cookie")).not.toContain("Secure");
    const fake = (headers: Record<string, string>) =>
      ({ protocol: "http", headers }) as unknown as Parameters<typeof secureCookie>[0];
    expect(secureCookie(fake({ forwarded: "for=10.0.0.1;proto=https" }), undefined)).toBe(true);
    expect(secureCookie(fake({ forwarded: "for=10.0.0.1;proto=http" }), undefined)).toBe(false);
    expect(secureCookie(fake({ host: "hooks.example.com" }), "https://hooks.example.com")).toBe(true);
    expect(secureCookie(fake({ host: "127.0.0.1:18789" }), "https://hooks.example.com")).toBe(false);
    expect(secureCookie(fake({ host: "hooks.example.com" }), "http://hooks.example.com")).toBe(false);
  });

  it("escapes hostile hook names, headers and payloads in the list and the request view", async () => {
    const b = await loggedIn(s);
    for (const evil of HOSTILE) {
      await s.post(
        `/hooks/${encodeURIComponent(evil)}`,
        { link: evil, nested: { x: evil } },
        { headers: { "x-evil": evil } },
      );
    }
    await s.post(
      "/hooks/github",
      { ref: HOSTILE[1] },
      { headers: { "x-github-event": "push", "x-evil": HOSTILE[0]! } },
    );
    let list = "";
    await expect
      .poll(async () => {
        list = await (await get(s, b, "/console")).text();
        return (list.match(/href="\/console\/requests\//g) ?? []).length;
      })
      .toBeGreaterThanOrEqual(HOSTILE.length + 1);
    expectInert(list);
    expect(list).toContain(escapeHtml("/<script>alert(1)</script>"));
    for (const id of [...list.matchAll(/href="\/console\/requests\/([\w-]+)"/g)].map((m) => m[1]!)) {
      const detail = await (await get(s, b, `/console/requests/${id}`)).text();
      expectInert(detail);
    }
    const events = await (await get(s, b, "/console/events")).text();
    expectInert(events);
    expect(events).toContain(escapeHtml(`Push ${HOSTILE[1]}`));
  });

  it("shows why a request was refused and the trace of the rules in force", async () => {
    const b = await loggedIn(s);
    await s.post(
      "/hooks/github",
      { ref: "main", marker: "why-1" },
      { headers: { "x-github-event": "issues" } },
    );
    let id = "";
    await expect
      .poll(async () => {
        const rows = await s.runtime.store.listRequests({ limit: 50, hook: "github" });
        id = rows.find((r) => r.code === "HOOK_NOT_FOUND")?.id ?? "";
        return id;
      })
      .not.toBe("");
    const detail = await (await get(s, b, `/console/requests/${id}`)).text();
    expect(detail).toContain("no hook mapping matches /hooks/github");
    expect(detail).toContain("✗ gh-push (hooks.mappings[0]): when did not hold");
    expect(detail).toContain(escapeHtml('headers.x-github-event = "issues"'));
    expect(detail).toContain("Decided the same way now.");
  });

  it("re-decides a form body as the server read it (fields, or the JSON of a payload field)", async () => {
    const b = await loggedIn(s);
    for (const body of [`payload=${encodeURIComponent('{"ref":"form-json"}')}`, "ref=form-fields"]) {
      const r = await fetch(`${s.url}/hooks/github`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_TOKEN}`,
          "content-type": "application/x-www-form-urlencoded",
          "x-github-event": "push",
        },
        body,
      });
      expect(r.status).toBe(200);
    }
    let ids: string[] = [];
    await expect
      .poll(async () => {
        const rows = await s.runtime.store.listRequests({ limit: 50, hook: "github" });
        ids = rows.filter((r) => r.headers["content-type"]?.startsWith("application/x-www")).map((r) => r.id);
        return ids.length;
      })
      .toBe(2);
    for (const id of ids) {
      const detail = await (await get(s, b, `/console/requests/${id}`)).text();
      expect(detail).not.toContain("Not re-decided");
      expect(detail).toContain("Decided the same way now.");
      expect(detail).toMatch(/Push form-(json|fields)/);
    }
  });

  it("the Outcome filter's choices read as the rows do, and each finds the rows that read so", async () => {
    const b = await loggedIn(s);
    await s.post("/hooks/github", { ref: "outcomes" }, { headers: { "x-github-event": "push" } });
    await s.post("/hooks/github", { ref: "outcomes" }, { headers: { "x-github-event": "issues" } });
    await s.post("/hooks/wake", { text: "x" }, { token: "not-the-hook-token-00000000" });
    await s.post("/hooks/agent", { message: "look at this" });
    await expect
      .poll(async () => new Set((await s.runtime.store.listRequests({ limit: 200 })).map((r) => r.outcome)))
      .toEqual(new Set(["wake", "refused", "rejected", "agent"]));
    const page = await (await get(s, b, "/console")).text();
    const select = /<select id="f-outcome"[^>]*>(.*?)<\/select>/s.exec(page)![1]!;
    const options = [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)]
      .map((m) => ({ value: m[1]!, label: m[2]! }))
      .filter((o) => o.value !== "");
    const decisions = (list: string) =>
      [...list.matchAll(/<tr>\n<td>.*?<\/td>\n<td>.*?<\/td>\n<td>.*?<\/td>\n<td>(.*?)<\/td>/g)].map((m) =>
        m[1]!.replace(/<[^>]+>/g, ""),
      );
    const shown = new Set(decisions(page).map((d) => d.replace(/ (×\d+|by .*)$/, "")));
    for (const label of ["wake", "agent run", "refused", "refused before the rules"]) {
      expect(shown).toContain(label);
      const option = options.find((o) => o.label === label);
      expect(option, `an Outcome choice reading "${label}"`).toBeDefined();
      const rows = decisions(await (await get(s, b, `/console?outcome=${option!.value}`)).text());
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.startsWith(label)).toBe(true);
    }
  });

  it("the Hook filter finds a hook as its column shows it (/github), by a part of it, or by its path", async () => {
    const b = await loggedIn(s);
    await s.post("/hooks/github", { ref: "hooks" }, { headers: { "x-github-event": "push" } });
    await expect
      .poll(async () => (await s.runtime.store.listRequests({ limit: 200, hook: "github" })).length)
      .toBeGreaterThan(0);
    for (const typed of ["github", "/github", "gith", "/hooks/github", " GitHub "]) {
      const list = await (await get(s, b, `/console?hook=${encodeURIComponent(typed)}`)).text();
      const hooks = [...list.matchAll(/<td>(?:[A-Z]+ )?<code>(\/[^<]*)<\/code><\/td>/g)].map((m) => m[1]);
      expect(hooks.length, `rows for "${typed}"`).toBeGreaterThan(0);
      expect(new Set(hooks)).toEqual(new Set(["/github"]));
    }
  });

  it("the Delivery id search finds the requests of one delivery, and a request links to its delivery", async () => {
    const b = await loggedIn(s);
    const id = "9a1c4e20-cc78-11e3-81ab-4c9367dc0958";
    await s.post(
      "/hooks/github",
      { ref: "d1" },
      { headers: { "x-github-event": "push", "x-github-delivery": id } },
    );
    await s.post(
      "/hooks/github",
      { ref: "d2" },
      { headers: { "x-github-event": "push", "x-github-delivery": "other" } },
    );
    await expect
      .poll(async () => (await s.runtime.store.listRequests({ limit: 10, deliveryId: id })).length)
      .toBe(1);
    const list = await (await get(s, b, `/console?delivery=${encodeURIComponent(id)}`)).text();
    expect(list).toContain(`<input id="f-delivery" name="delivery" value="${id}"`);
    const links = [...list.matchAll(/<a href="(\/console\/requests\/[^"]+)">/g)].map((m) => m[1]!);
    expect(links).toHaveLength(1);
    const detail = await (await get(s, b, links[0]!)).text();
    expect(detail).toContain(
      `<dt>Delivery id</dt><dd><a href="/console?delivery=${id}"><code>${id}</code></a></dd>`,
    );
    const none = await (await get(s, b, "/console?delivery=nobody-sent-this")).text();
    expect(none).toContain("No requests logged that match.");
  });

  it("the playground reads a CloudEvent as the server does: its attributes as ce, its data as the payload", async () => {
    const b = await loggedIn(s);
    const headers = "ce-specversion: 1.0\nce-id: 1\nce-source: /ci\nce-type: com.example.deploy.failed";
    const fields = {
      hook: "events",
      mapping: "",
      headers,
      payload: '{"stage":"migrate"}',
      now: "",
      csrf: b.csrf,
    };
    const text = await (await postForm(s, b, "/console/playground", fields)).text();
    expect(text).toContain("by mapping ce-deploy");
    expect(text).toContain("text: Deploy /ci migrate");
  });

  it("the playground decides with the same pipeline as hookgate test, and refuses a POST without the session's CSRF token", async () => {
    const b = await loggedIn(s);
    const fields = {
      hook: "github",
      mapping: "",
      headers: "x-github-event: push",
      payload: '{"ref":"main"}',
      now: "",
    };
    const r = await postForm(s, b, "/console/playground", { ...fields, csrf: b.csrf });
    expect(r.status).toBe(200);
    const text = await r.text();
    expect(text).toContain("decision: wake (system event for the main session), by mapping gh-push");
    expect(text).toContain("text: Push main");
    expect(text).toContain(escapeHtml('answer: 200 {"ok":true,"mode":"now","eventOutcome":"queued"}'));
    // Nothing was stored: the playground is not a request.
    expect((await s.runtime.store.listEvents({ limit: 100 })).map((e) => e.text)).not.toContain("Push main");

    expect((await postForm(s, b, "/console/playground", fields)).status).toBe(403);
    expect((await postForm(s, b, "/console/playground", { ...fields, csrf: `${b.csrf}x` })).status).toBe(403);
    const crossSite = await postForm(
      s,
      b,
      "/console/playground",
      { ...fields, csrf: b.csrf },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const fetchedCrossSite = await postForm(
      s,
      b,
      "/console/playground",
      { ...fields, csrf: b.csrf },
      { "sec-fetch-site": "cross-site" },
    );
    expect(fetchedCrossSite.status).toBe(403);
  });

  it("logging out ends the session", async () => {
    const b = await loggedIn(s);
    const out = await postForm(s, b, "/console/logout", { csrf: b.csrf });
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(
      (await fetch(`${s.url}/console`, { headers: { cookie: b.cookie }, redirect: "manual" })).status,
    ).toBe(303);
  });

  it("counts failed console logins in a lockout of its own: locked out of the console, the hooks still answer 401", async () => {
    for (let i = 0; i < 3; i++) await login(s, `wrong-token-${i}-000000000000000`);
    const locked = await login(s, "wrong-token-again-00000000000");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(
      (await s.post("/hooks/wake", { text: "x" }, { token: "wrong-token-hooks-0000000000" })).status,
    ).toBe(401);
    // A locked address gets no login at all, not even with the right token: guesses are not compared.
    const right = await login(s);
    expect(right.status).toBe(429);
    expect(right.headers.get("set-cookie")).toBeNull();
    // The hooks' own lockout is separate: the token still works there.
    expect((await s.post("/hooks/wake", { text: "still in" })).status).toBe(200);
  });
});

describe("console settings", () => {
  it("answers 403 outside its allowFrom, and 404 when turned off", async () => {
    const remote = await startTestServer({
      server: { console: { enabled: true, allowFrom: ["10.0.0.0/8"], sessionTtlMs: 60_000 } },
    });
    try {
      const r = await fetch(`${remote.url}/console/login`);
      expect(r.status).toBe(403);
      expect(await r.text()).toContain("server.console.allowFrom");
    } finally {
      await remote.close();
    }
    const off = await startTestServer({
      server: { console: { enabled: false, allowFrom: ["loopback"], sessionTtlMs: 60_000 } },
    });
    try {
      expect((await fetch(`${off.url}/console/login`)).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe("html escaping", () => {
  it("any text interpolated into a page comes back as the same text, never as markup", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const out = html`<td title="${text}">${text}</td>`.text;
        const inner = out.slice('<td title="'.length, -"</td>".length);
        const [attr, body, ...rest] = inner.split('">');
        expect(rest).toEqual([]);
        for (const part of [attr!, body!]) expect(part).not.toMatch(/[<>"'`]/);
        const decode = (t: string) =>
          t.replace(
            /&(amp|lt|gt|quot|#39|#96);/g,
            (_m, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#96": "`" })[e]!,
          );
        // Bidi controls are shown as [U+XXXX], never passed raw.
        const shown = (t: string) =>
          t.replace(
            /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
            (c) => `[U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}]`,
          );
        expect(decode(attr!)).toBe(shown(text));
        expect(decode(body!)).toBe(shown(text));
        expect(body).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
      }),
      { seed: 4242, numRuns: 500 },
    );
  });

  it("shows bidi controls instead of letting them reorder the page (a hook name that reads backwards)", () => {
    const name = "invoice\u202Efdp.exe";
    const out = html`<td>${name}</td>`.text;
    expect(out).toBe("<td>invoice[U+202E]fdp.exe</td>");
    for (const c of ["\u200e", "\u200f", "\u202a", "\u202d", "\u2066", "\u2069", "\u061c"]) {
      expect(html`${c}`.text).toMatch(/^\[U\+[0-9A-F]{4}\]$/);
    }
  });
});
