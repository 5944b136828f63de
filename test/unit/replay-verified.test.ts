// Replaying a request that came without the hook token: the log removed its signature, so replay lets
// it reach only the mappings that verify with the scheme it passed then — as the server did — and never
// a token-only mapping that would have refused it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolvedMapping } from "../../src/config/types.js";
import { type CompiledRules, compileRules } from "../../src/engine/compile.js";
import { createIngress, type Ingress } from "../../src/ingress/decide.js";
import { type LoggedRequest, redecide } from "../../src/ingress/replay.js";
import { testConfig } from "../helpers/config.js";

const MAPPINGS: ResolvedMapping[] = [
  // First on the path and token-only: a token request lands here.
  {
    id: "gh-token",
    origin: "hooks.mappings[0]",
    match: { path: "github" },
    action: "wake",
    textTemplate: "token: {{title}}",
  },
  {
    id: "gh-signed",
    origin: "hooks.mappings[1]",
    match: { path: "github" },
    action: "wake",
    textTemplate: "signed by {{verified.scheme}}: {{title}}",
    verify: { scheme: "github", secret: "replay-secret-0123456789" },
  },
];

function logged(extra: Partial<LoggedRequest> = {}): LoggedRequest {
  return {
    hook: "github",
    headers: { "content-type": "application/json" },
    query: {},
    body: new TextEncoder().encode(JSON.stringify({ title: "Build broke" })),
    bodyCut: false,
    receivedAt: Date.parse("2026-11-20T10:00:00Z"),
    outcome: "wake",
    ...extra,
  };
}

describe("replay of a request that passed a verify", () => {
  let compiled: CompiledRules;
  let ingress: Ingress;
  const ctx = () => ({ ingress, rulesDigest: "d", generatedSessionKeys: true });

  beforeAll(async () => {
    const config = testConfig({ hooks: { mappings: MAPPINGS } });
    compiled = await compileRules(config);
    ingress = createIngress(config, compiled.index);
  });
  afterAll(() => compiled.dispose());

  it("reaches the mapping whose verify it passed, not the token-only one before it", async () => {
    const r = await redecide(logged({ verified: "github", mappingId: "gh-signed" }), ctx());
    expect(r.replayable && r.now).toMatchObject({
      kind: "wake",
      mappingId: "gh-signed",
      action: { text: "signed by github: Build broke" },
    });
  });

  it("a token request still reaches the first mapping", async () => {
    const r = await redecide(logged({ mappingId: "gh-token" }), ctx());
    expect(r.replayable && r.now).toMatchObject({ kind: "wake", mappingId: "gh-token" });
  });

  it("a request verified by another scheme reaches no mapping here", async () => {
    const r = await redecide(logged({ verified: "stripe" }), ctx());
    expect(r.replayable && r.now).toMatchObject({ kind: "refused", code: "HOOK_NOT_FOUND" });
  });

  it("never opens the built-in endpoints", async () => {
    const wake = new TextEncoder().encode(JSON.stringify({ text: "wake up" }));
    const r = await redecide(logged({ hook: "wake", body: wake, verified: "github" }), ctx());
    expect(r.replayable && r.now).toMatchObject({ kind: "refused", code: "HOOK_NOT_FOUND" });
    // The same body with the token is a wake.
    const t = await redecide(logged({ hook: "wake", body: wake }), ctx());
    expect(t.replayable && t.now).toMatchObject({ kind: "wake" });
  });
});
