import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The OpenAPI document, generated from the contract schemas of every route, at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Rescue Academy API",
        version: "1.0.0",
        description:
          "Every platform call sends `x-project: base64(<project_id>:<project_secret>)`. Authenticated calls send `Authorization: Bearer <token>`. Success bodies carry `error:false`; errors are `{error:true, message, code?, validation?}`.",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          project: { type: "apiKey", in: "header", name: "x-project" },
        },
      },
      security: [{ project: [] }, { project: [], bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    // The UI's own bundle needs inline styles and scripts that the app's CSP forbids.
    staticCSP: false,
    transformStaticCSP: (header) => header,
  });
});
