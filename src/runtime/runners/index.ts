// Runner registry: one factory per runner kind. A new kind = one file and one line here.
import type { ResolvedAgent, ResolvedConfig } from "../../config/types.js";
import type { RunnerConfig } from "../../types/generated.js";
import type { RunCallbacks } from "../run-callbacks.js";
import { createA2aRunner } from "./a2a.js";
import { createCommandRunner } from "./command.js";
import { echoRunner } from "./echo.js";
import { createHttpRunner } from "./http.js";
import { createLlmRunner } from "./llm.js";
import { createOpenClawRunner } from "./openclaw.js";
import type { Runner } from "./types.js";

export interface RunnerDeps {
  config: ResolvedConfig;
  callbacks: RunCallbacks;
  fetch?: typeof fetch;
}

type RunnerFactory = (agent: ResolvedAgent, deps: RunnerDeps) => Runner;

const factories: Record<RunnerConfig["kind"], RunnerFactory> = {
  llm: (_agent, deps) => createLlmRunner({ providers: deps.config.providers, fetch: deps.fetch }),
  command: (agent, deps) => createCommandRunner(agent.runner, { dir: deps.config.dir }),
  echo: () => echoRunner,
  http: (agent, deps) =>
    createHttpRunner(agent.runner, {
      callbacks: deps.callbacks,
      hooksPath: deps.config.hooks.path,
      fetch: deps.fetch,
    }),
  openclaw: (agent, deps) => createOpenClawRunner(agent.id, agent.runner, { fetch: deps.fetch }),
  a2a: (agent, deps) => createA2aRunner(agent.runner, { fetch: deps.fetch }),
};

/** The runner of an agent (echo when the agent names none). */
export function createRunner(agent: ResolvedAgent, deps: RunnerDeps): Runner {
  const kind = agent.runner?.kind ?? "echo";
  const factory = factories[kind];
  if (!factory) throw new Error(`agents.list[${agent.id}].runner.kind: unknown runner kind "${kind}"`);
  return factory(agent, deps);
}

export type { Runner, RunnerInput } from "./types.js";
export { RunnerError } from "./types.js";
