// Building verifiers and requests for the verification tests, the way the server builds them.
import { compileVerifier, type VerifyContext } from "../../src/engine/verify/compile.js";
import type { RawHeaders, Verifier, VerifyInput } from "../../src/engine/verify/types.js";
import { parsePayload } from "../../src/ingress/payload.js";
import type { MappingVerify } from "../../src/types/generated.js";

/** 2025-01-01T00:00:00Z, in seconds: the signing time of the tests' requests. */
export const NOW = 1_735_689_600;

/** A verifier, or an error listing the problems compiling it reported. */
export function verifierOf(cfg: MappingVerify, ctx: VerifyContext = {}): Verifier {
  const problems: string[] = [];
  const v = compileVerifier(cfg, ctx, (field, message) => problems.push(`verify.${field}: ${message}`));
  if (!v) throw new Error(problems.join("\n"));
  return v;
}

/** The problems compiling a verify block reports (empty when it compiles). */
export function problemsOf(cfg: MappingVerify, ctx: VerifyContext = {}): string[] {
  const problems: string[] = [];
  compileVerifier(cfg, ctx, (field, message) => problems.push(`verify.${field}: ${message}`));
  return problems;
}

/** A request as the server hands it to verifiers; `now` in seconds (default NOW). */
export function request(
  body: string | Buffer,
  headers: RawHeaders,
  opts: { now?: number; url?: string } = {},
): VerifyInput {
  const raw = typeof body === "string" ? Buffer.from(body) : body;
  const ct = headers["content-type"];
  return {
    body: raw,
    headers,
    url: opts.url ?? "/hooks/test",
    now: (opts.now ?? NOW) * 1000,
    payload: () => {
      const p = parsePayload(raw, typeof ct === "string" ? ct : undefined);
      return p.ok ? p.value : undefined;
    },
  };
}
