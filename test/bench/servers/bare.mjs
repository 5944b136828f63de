// Baseline for the ingress benchmark: a fastify POST route that returns a constant and does nothing
// else (it still parses the JSON body, as any real endpoint would).
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.post("/hooks/wake", async () => ({ ok: true }));
await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`listening on http://127.0.0.1:${app.server.address().port}\n`);
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
