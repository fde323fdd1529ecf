import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable operationId from the method and path, for clients generated from the document:
 * `GET /v2/api/lambda/stripe/invoice/:id/pdf` → `getV2ApiLambdaStripeInvoiceByIdPdf`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{]([^}]+)}?$/.exec(segment)?.[1];
      const parts = (param ?? segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return param ? ["By", ...parts.map(pascal)] : parts.map(pascal);
    });
  return method.toLowerCase() + words.join("");
}

/** The OpenAPI document, generated from the contract schemas of every route, at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Rescue Academy API",
        version: "1.0.0",
        description:
          "Every platform call sends `x-project: base64(<project_id>:<project_secret>)`. Authenticated calls send `Authorization: Bearer <token>`. Success bodies carry `error:false`; errors are `{error:true, message, code?, validation?}`.",
        // The academy's own code, not open source.
        license: { name: "Proprietary" },
      },
      servers: [{ url: publicUrl, description: "This academy" }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          project: { type: "apiKey", in: "header", name: "x-project" },
        },
      },
      security: [{ project: [] }, { project: [], bearer: [] }],
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const method = Array.isArray(input.route.method) ? input.route.method[0]! : input.route.method;
      return { schema: { operationId: operationIdOf(method, input.url), ...schema }, url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    // The UI's own bundle needs inline styles and scripts that the app's CSP forbids.
    staticCSP: false,
    transformStaticCSP: (header) => header,
  });
});
