import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { errorsPlugin } from "./errors.ts";

describe("the write ledger", () => {
  it("is kept by API routes that may write, and by no read-only route nor any route outside the API", async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    const answer = async (request: { writeLedger?: unknown }) => ({ kept: request.writeLedger !== undefined });
    app.post("/v2/api/lambda/example", answer);
    app.get("/v4/api/records/example", { config: { readsOnly: true } }, answer);
    app.get("/healthz", answer);
    try {
      const kept = async (method: "GET" | "POST", url: string) => (await app.inject({ method, url })).json().kept;
      expect(await kept("POST", "/v2/api/lambda/example")).toBe(true);
      expect(await kept("GET", "/v4/api/records/example")).toBe(false);
      expect(await kept("GET", "/healthz")).toBe(false);
    } finally {
      await app.close();
    }
  });
});
