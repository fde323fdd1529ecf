import type { FastifyRequest } from "fastify";
import { notFound } from "./http-error.ts";

/**
 * preHandler for `/v3/api/custom/{name}/...`: only the project's own name exists; any other
 * `{name}` is a path that does not exist.
 */
export function projectNameGuard(projectId: string) {
  return async (request: FastifyRequest) => {
    const name = (request.params as { name?: string } | undefined)?.name;
    if (name !== undefined && name !== projectId) throw notFound("Unknown project");
  };
}
