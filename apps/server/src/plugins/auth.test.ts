import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, PROJECT } from "../test/app.ts";

const t = await createTestApp();
await t.app.listen({ host: "127.0.0.1", port: 0 });
const { port } = t.app.server.address() as AddressInfo;
// One connection for every call: keep-alive with a single socket.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

/** A call over the one connection: its status, JSON answer and the socket's local port (the same connection or not). */
function call(path: string, authorization?: string) {
  return new Promise<{ status: number; body: { error?: boolean; message?: string; model?: { id: number } }; via: number }>(
    (resolve, reject) => {
      const req = http.get(
        { host: "127.0.0.1", port, path, agent, headers: { "x-project": PROJECT, ...(authorization ? { authorization } : {}) } },
        (res) => {
          let text = "";
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), via: req.socket?.localPort ?? 0 }));
        },
      );
      req.on("error", reject);
    },
  );
}

describe("bearer tokens on one keep-alive connection", () => {
  it("judges each call by the header it sends, whatever the calls before it on the connection sent", async () => {
    const ann = await t.signUp("user");
    const bob = await t.signUp("user");
    const made = await t.call("POST", "/v4/api/records/schedule", {
      token: ann.token,
      body: { meeting_start: "2026-04-01T09:00:00Z", meeting_end: "2026-04-01T10:00:00Z", meeting_details: "Ann's" },
    });
    const url = `/v4/api/records/schedule/${made.json().data}`;
    const calls = [
      await call(url, `Bearer ${ann.token}`),
      await call(url, `Bearer ${ann.token}`),
      await call(url, `Bearer ${bob.token}`),
      await call(url, `bearer ${ann.token}`),
      await call(url, `Bearer ${ann.token}x`),
      await call(url, "Bearer null"),
      await call(url),
      await call(url, `Bearer ${ann.token}`),
    ];
    expect(new Set(calls.map((c) => c.via)).size).toBe(1);
    expect(calls.map((c) => [c.status, c.body.model?.id ?? c.body.message])).toEqual([
      [200, made.json().data],
      [200, made.json().data],
      // Another person's row: not found.
      [404, "Record not found"],
      [200, made.json().data],
      [401, "INVALID_TOKEN"],
      [401, "UNAUTHORIZED"],
      [401, "UNAUTHORIZED"],
      [200, made.json().data],
    ]);
    // Signed out: the same header on the same connection no longer reads.
    expect((await t.call("POST", "/v2/api/lambda/logout", { token: ann.token })).statusCode).toBe(200);
    const after = await call(url, `Bearer ${ann.token}`);
    expect([after.status, after.body.message]).toEqual([401, "TOKEN_EXPIRED"]);
  });
});
