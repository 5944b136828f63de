// A configuration generation: everything the server derives from one config at load — the compiled
// rule index with its transform sandboxes, the ingress pipeline, the token check and body limits of
// the hook routes. It is built by one factory, completely aside from the generation serving, so a
// reload either yields a whole new generation or nothing (src/README.md, "Configuration generations").
// What must outlive a reload (the store, the runtime, the auth-failure lockout) is passed in.
import type { Logger } from "pino";
import type { ConfigIssue, ResolvedConfig } from "../config/types.js";
import { type CompileOptions, compileRules } from "../engine/compile.js";
import type { Runtime } from "../runtime/types.js";
import type { AuthFailureLimiter } from "./auth-limiter.js";
import { hookRoute } from "./hook-route.js";

/** What every generation shares with the ones before and after it. */
export interface GenerationContext {
  runtime: Runtime;
  log: Logger;
  limiter: AuthFailureLimiter;
  /** Rule compiler options (tests: a transform loader, a presets folder). */
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
    });
    return {
      number,
      loadedAt: new Date(),
      config,
      warnings: compiled.warnings,
      hooks,
      dispose: () => compiled.dispose(),
    };
  } catch (err) {
    compiled.dispose();
    throw err;
  }
}
