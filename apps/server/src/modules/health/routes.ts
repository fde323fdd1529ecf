import { HealthResponse } from "@academy/contract/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client.ts";

/** `realtimeProblem`: what keeps realtime signals from other instances (a lost Redis), or null. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; realtimeProblem: () => string | null }> = async (
  app,
  { database, realtimeProblem },
) => {
  app.get("/healthz", { schema: { tags: ["health"], summary: "The process is up", response: { 200: HealthResponse } } }, async () => ({
    status: "ok",
  }));
  app.get(
    "/readyz",
    {
      schema: {
        tags: ["health"],
        summary:
          "The database answers and (embedded) its folder takes writes; 503 says which is wrong. A lost realtime bus (Redis) answers 200 degraded: messages are saved and delivered late",
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      if (!(await database.ping())) return reply.status(503).send({ status: "database unavailable" });
      const problem = await database.storageProblem();
      if (problem) return reply.status(503).send({ status: "storage unavailable", reason: problem });
      const realtime = realtimeProblem();
      if (realtime) return { status: "degraded", reason: realtime };
      return { status: "ready" };
    },
  );
};
