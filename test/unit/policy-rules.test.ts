import { describe, expect, it } from "vitest";
import { checkAgentId } from "../../src/policy/agent-id.js";
import { checkChannel } from "../../src/policy/channel.js";
import { aliasIndex, resolveModel } from "../../src/policy/model.js";
import { resolveSessionKey } from "../../src/policy/session-key.js";

describe("session key policy", () => {
  const hooks = {
    allowRequestSessionKey: false,
    allowedSessionKeyPrefixes: null,
    defaultSessionKey: undefined,
  };

  it("refuses a key from a request unless allowRequestSessionKey is on", () => {
    const r = resolveSessionKey("hook:x", true, hooks);
    expect(r).toMatchObject({ ok: false, code: "SESSION_KEY_NOT_ALLOWED" });
    expect(resolveSessionKey("hook:x", true, { ...hooks, allowRequestSessionKey: true })).toEqual({
      ok: true,
      value: "hook:x",
    });
  });

  it("accepts a mapping's key without allowRequestSessionKey", () => {
    expect(resolveSessionKey("hook:mail:1", false, hooks)).toEqual({ ok: true, value: "hook:mail:1" });
  });

  it("checks prefixes case-insensitively for request and mapping keys alike", () => {
    const h = { ...hooks, allowRequestSessionKey: true, allowedSessionKeyPrefixes: ["hook:"] };
    expect(resolveSessionKey("HOOK:Abc", true, h)).toEqual({ ok: true, value: "HOOK:Abc" });
    const bad = resolveSessionKey("main", false, h);
    expect(bad).toEqual({
      ok: false,
      code: "SESSION_KEY_PREFIX",
      error: "sessionKey must start with one of: hook:",
    });
  });

  it("falls back to defaultSessionKey, then to a fresh hook:<uuid>", () => {
    expect(resolveSessionKey(undefined, false, { ...hooks, defaultSessionKey: "hook:default" })).toEqual({
      ok: true,
      value: "hook:default",
    });
    const a = resolveSessionKey(undefined, false, hooks);
    const b = resolveSessionKey(undefined, false, hooks);
    expect(a.ok && a.value).toMatch(/^hook:[0-9a-f-]{36}$/);
    expect(a).not.toEqual(b);
  });
});

describe("agent id policy", () => {
  it("lets anything through when the list is unrestricted, and no agentId always", () => {
    expect(checkAgentId("ops", null).ok).toBe(true);
    expect(checkAgentId(undefined, []).ok).toBe(true);
  });
  it("denies ids outside a restricting list, and every id with []", () => {
    expect(checkAgentId("ops", ["main"])).toEqual({
      ok: false,
      code: "AGENT_NOT_ALLOWED",
      error: "agentId is not allowed by hooks.allowedAgentIds",
    });
    expect(checkAgentId("main", []).ok).toBe(false);
    expect(checkAgentId("main", ["main"]).ok).toBe(true);
  });
});

describe("model policy", () => {
  const models = { "openai/gpt-4o-mini": { alias: "mini" }, "ollama/llama3": {} };
  const aliases = aliasIndex(models);
  it("resolves aliases to provider/model and admits listed models", () => {
    expect(resolveModel("mini", models, aliases)).toEqual({ ok: true, value: "openai/gpt-4o-mini" });
    expect(resolveModel("ollama/llama3", models, aliases)).toEqual({ ok: true, value: "ollama/llama3" });
  });
  it("rejects an unlisted model, naming the allowed ones", () => {
    const r = resolveModel("openai/gpt-5", models, aliases);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain("openai/gpt-4o-mini (mini), ollama/llama3");
  });
  it("allows any model when no list is set", () => {
    expect(resolveModel("x/y", null, aliasIndex(null))).toEqual({ ok: true, value: "x/y" });
  });
});

describe("channel policy", () => {
  it("accepts last and configured channels", () => {
    expect(checkChannel("last", []).ok).toBe(true);
    expect(checkChannel("telegram", ["telegram"]).ok).toBe(true);
  });
  it("rejects a known but unconfigured channel with the fix", () => {
    expect(checkChannel("slack", ["telegram"])).toMatchObject({ ok: false, code: "CHANNEL_NOT_CONFIGURED" });
    expect(checkChannel("fax", ["telegram"])).toMatchObject({ ok: false, code: "CHANNEL_UNKNOWN" });
  });
});
