// A configuration generation: everything the server derives from one config at load — the compiled
// rule index with its transform sandboxes, the ingress pipeline, the token check and body limits of
// the hook routes. It is built by one factory, completely aside from the generation serving, so a
// reload either yields a whole new generation or nothing (src/README.md, "Configuration generations").
// What must outlive a reload (the store, the runtime, the auth-failure lockout) is passed in.
import type { Logger } from "pino";
import type { ConfigIssue } from "../config/issues.js";
import type { ResolvedConfig } from "../config/types.js";
import { type CompileOptions, compileRules, type RuleIndex } from "../engine/compile.js";
import { createIngress, type Ingress } from "../ingress/decide.js";
import { rulesDigest } from "../ingress/rules-digest.js";
import type { Runtime } from "../runtime/types.js";
import type { AuthFailureLimiter } from "./auth-limiter.js";
import { hookRoute } from "./hook-route.js";
import { configuredSecrets } from "./log-redaction.js";
import type { UnauthenticatedBodies } from "./unauthenticated-bodies.js";

/** What every generation shares with the ones before and after it. */
export interface GenerationContext {
  runtime: Runtime;
  log: Logger;
  limiter: AuthFailureLimiter;
  /** The budget of bodies read without the token, server-wide: a reload must not empty it. */
  bodies: UnauthenticatedBodies;
  /** Rule compiler options (tests: a transform loader). */
  compile?: CompileOptions;
}

export interface Generation {
  /** 1 for the config the server started with, one more for each successful reload. */
  readonly number: number;
  readonly loadedAt: Date;
  readonly config: ResolvedConfig;
  /** The rule compiler's warnings (key paths not yet placed in their files). */
  readonly warnings: readonly ConfigIssue[];
  /** The onRequest guard and the handler of the hook routes, bound to this generation. */
  readonly hooks: ReturnType<typeof hookRoute>;
  /** The rules and the pipeline, for the console's views and playground (side-effect free). */
  readonly index: RuleIndex;
  readonly ingress: Ingress;
  /** Fingerprint of the rules and policies, kept with each request log entry they decide. */
  readonly rulesDigest: string;
  /** The configuration's secrets, which the request log never keeps wherever they turn up. */
  readonly logSecrets: readonly string[];
  /** Ends what the generation started (transform workers); called once no request uses it. */
  dispose(): void;
}

/** Compiles `config` into a generation; throws ConfigError (key paths unplaced) when it does not compile. */
export async function buildGeneration(
  config: ResolvedConfig,
  number: number,
  ctx: GenerationContext,
): Promise<Generation> {
  const compiled = await compileRules(config, ctx.compile);
  try {
    const hooks = hookRoute({
      config,
      index: compiled.index,
      runtime: ctx.runtime,
      log: ctx.log,
      limiter: ctx.limiter,
      bodies: ctx.bodies,
    });
    return {
      number,
      loadedAt: new Date(),
      config,
      warnings: compiled.warnings,
      hooks,
      index: compiled.index,
      ingress: createIngress(config, compiled.index),
      rulesDigest: rulesDigest(config, compiled.index),
      logSecrets: configuredSecrets(config),
      dispose: () => compiled.dispose(),
    };
  } catch (err) {
    compiled.dispose();
    throw err;
  }
}
