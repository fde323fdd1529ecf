import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client.ts";

const Health = z.object({ status: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get("/healthz", { schema: { tags: ["health"], summary: "The process is up", response: { 200: Health } } }, async () => ({
    status: "ok",
  }));
  app.get(
    "/readyz",
    { schema: { tags: ["health"], summary: "The database answers", response: { 200: Health, 503: Health } } },
    async (_request, reply) => ((await database.ping()) ? { status: "ready" } : reply.status(503).send({ status: "database unavailable" })),
  );
};
