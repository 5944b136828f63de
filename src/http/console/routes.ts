import type { FastifyInstance } from "fastify";
import type { AppOptions } from "../app.js";

export async function consoleRoutes(_app: FastifyInstance, _opts: AppOptions): Promise<void> {}
