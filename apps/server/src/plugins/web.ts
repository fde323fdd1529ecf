import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isApiPath } from "./project-header.ts";

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with the project
 * header value filled in) for every other GET that is not an API call, so client routes load.
 */
export const webPlugin = fp<{ distDir: string; projectHeader: string }>(async (app: FastifyInstance, { distDir, projectHeader }) => {
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn(`no web build at ${distDir}: run "npm run build" to serve the app`);
    return;
  }
  const indexHtml = readFileSync(indexFile, "utf8").replace(
    /<meta name="academy-project" content="[^"]*"\s*\/?>/,
    `<meta name="academy-project" content="${projectHeader}" />`,
  );

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header("cache-control", isHashed ? "public, max-age=31536000, immutable" : "public, max-age=300");
    },
  });

  const sendIndex = (reply: import("fastify").FastifyReply) =>
    reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);

  app.get("/", { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get("/*", { schema: { hide: true } }, (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (isApiPath(url) || url.startsWith("/assets/") || url.startsWith("/api/") || path.extname(url)) {
      return reply.status(404).send({ error: true, message: `No route for GET ${url}` });
    }
    return sendIndex(reply);
  });
});
