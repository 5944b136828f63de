// GET /metrics: the Prometheus text exposition of the process's registry (src/core/metrics.ts), for
// the addresses server.metrics.allowFrom lists.
import type { FastifyInstance } from "fastify";
import type { ResolvedConfig } from "../config/types.js";
import { metricsRegistry } from "../core/metrics.js";
import { allowOnly, configuredHosts } from "./local-only.js";

export function metricsRoute(app: FastifyInstance, server: ResolvedConfig["server"]): void {
  const guard = allowOnly(
    server.metrics.allowFrom,
    server.trustProxy,
    "server.metrics.allowFrom",
    configuredHosts(server),
  );
  app.get("/metrics", { onRequest: async (req) => guard(req) }, async (_req, reply) => {
    const registry = metricsRegistry();
    const text = await registry.metrics();
    return reply.header("content-type", registry.contentType).header("cache-control", "no-store").send(text);
  });
}
