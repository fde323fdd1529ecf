import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, PROJECT } from "../../test/app.ts";

/** A local server shaped like the OpenAI API: chat completions, models, audio transcriptions. */
const calls: { path: string; body: string; auth: string | undefined }[] = [];
let mode: "cite" | "no-answer" | "uncited" | "invents" | "slow" | "down" = "cite";
const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
const provider = createServer(async (req, res) => {
  const body = await readBody(req);
  calls.push({ path: req.url ?? "", body, auth: req.headers.authorization });
  if (mode === "down") return res.writeHead(500).end("{}");
  if (mode === "slow" && req.url === "/v1/chat/completions") await new Promise((r) => setTimeout(r, 6_000));
  res.setHeader("content-type", "application/json");
  if (req.url === "/v1/models") return res.end(JSON.stringify({ data: [{ id: "test-model" }] }));
  if (req.url === "/v1/audio/transcriptions") return res.end(JSON.stringify({ text: "how do I open the airway" }));
  if (req.url === "/v1/chat/completions") {
    const { messages } = JSON.parse(body) as { messages: { role: string; content: string }[] };
    let content = "";
    if (messages[0]!.content.startsWith("Translate")) content = "Bonjour";
    else if (mode === "no-answer") content = "NO_ANSWER";
    else if (mode === "uncited") content = "Give back blows and then abdominal thrusts.";
    else if (mode === "invents") {
      // A count the passage it cites does not state.
      const passages = messages[1]!.content.split(/\n\n(?=\[\d+\] )/);
      const n = passages.findIndex((p) => p.includes("back blows")) + 1;
      content = `Give up to 8 back blows, then 8 abdominal thrusts [${n}].`;
    } else {
      // Cites the passage that mentions back blows, as a model following the instructions would.
      const passages = messages[1]!.content.split(/\n\n(?=\[\d+\] )/);
      const n = passages.findIndex((p) => p.includes("back blows")) + 1;
      content = `Give up to five back blows, then up to five abdominal thrusts [${n}].`;
    }
    return res.end(
      JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content } }] }),
    );
  }
  res.writeHead(404).end("{}");
});
await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));
const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;

/** What the app logged, as JSON lines. */
const logged: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) logged.push(JSON.parse(line));
    done();
  },
});
const t = await createTestApp(
  { AI_BASE_URL: base, AI_API_KEY: "sk-test-key", AI_MODEL: "test-model", AI_TIMEOUT_MS: "4000" },
  { logger: { level: "warn", stream: logStream } },
);
const candidate = await t.signUp("user");

describe("the study assistant on an OpenAI-compatible endpoint", () => {
  it("writes the answer from the retrieved passages and cites the one it used", async () => {
    mode = "cite";
    calls.length = 0;
    const res = await t.call("POST", "/v2/api/qna/query", {
      token: candidate.token,
      body: { user_prompt: "How many back blows for a choking adult?" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const model = res.json().model;
    expect(model).toMatchObject({ answered: true, answerer: "openai-compatible (test-model)" });
    expect(model.answer).toContain("five back blows");
    expect(model.citations).toHaveLength(1);
    expect(model.citations[0]).toMatchObject({
      document: "airway-breathing",
      anchor: "choking",
      url: "/user/document-library/airway-breathing#choking",
    });
    const chat = calls.find((c) => c.path === "/v1/chat/completions")!;
    expect(chat.auth).toBe("Bearer sk-test-key");
    expect(JSON.parse(chat.body)).toMatchObject({ model: "test-model" });
    // The model only sees passages the candidate may read: no premium text went out.
    expect(chat.body).not.toContain("APGAR score** is recorded");
  });

  it("shows the checked built-in answer instead of a model's answer that cites nothing, and says plainly when it finds no answer", async () => {
    mode = "uncited";
    const uncited = (
      await t.call("POST", "/v2/api/qna/query", { token: candidate.token, body: { user_prompt: "back blows choking" } })
    ).json().model;
    expect(uncited).toMatchObject({ answered: true, answerer: "built-in (the model's answer did not match the library)" });
    expect(uncited.answer).not.toContain("Give back blows and then");
    expect(uncited.citations.length).toBeGreaterThan(0);
    mode = "no-answer";
    const none = (await t.call("POST", "/v2/api/qna/query", { token: candidate.token, body: { user_prompt: "back blows choking" } })).json()
      .model;
    expect(none).toMatchObject({ answered: false, citations: [] });
    expect(none.answer).toContain("The library holds no answer");
  });

  it("never shows a model's answer that invents a number, and logs why (never the question)", async () => {
    mode = "invents";
    logged.length = 0;
    const res = await t.call("POST", "/v2/api/qna/query", {
      token: candidate.token,
      body: { user_prompt: "How many back blows and abdominal thrusts for a choking adult?" },
    });
    const model = res.json().model;
    expect(model.answerer).toBe("built-in (the model's answer did not match the library)");
    expect(model.answer).not.toContain("8 back blows");
    expect(model.answer).toMatch(/5 back blows/);
    const rejection = logged.find((l) => String(l.msg).includes("was not shown"));
    expect(rejection).toMatchObject({ reason: expect.stringContaining('"8" is not in the passages'), model: "test-model" });
    expect(JSON.stringify(logged)).not.toContain("choking adult?");
  });

  it("gives up on a provider slower than AI_TIMEOUT_MS, answers with the built-in answerer and logs why", async () => {
    mode = "slow";
    logged.length = 0;
    const res = await t.call("POST", "/v2/api/qna/query", {
      token: candidate.token,
      body: { user_prompt: "How many back blows for a choking adult?" },
    });
    expect(res.json().model).toMatchObject({ answered: true, answerer: "built-in (the configured provider was not reachable)" });
    expect(logged.find((l) => String(l.msg).includes("provider failed"))).toMatchObject({
      reason: expect.stringContaining("no answer within 4000 ms"),
    });
    mode = "cite";
  });

  it("falls back to the built-in answerer when the provider fails, and the status says it is unreachable", async () => {
    mode = "down";
    const res = await t.call("POST", "/v2/api/qna/query", {
      token: candidate.token,
      body: { user_prompt: "How many back blows for a choking adult?" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().model).toMatchObject({ answered: true, answerer: "built-in (the configured provider was not reachable)" });
    const status = (await t.call("GET", "/v2/api/qna/server/status", { token: candidate.token })).json().model;
    expect(status).toMatchObject({
      answerer: "openai-compatible",
      model: "test-model",
      reachable: false,
      transcribe: true,
      translate: true,
    });
    mode = "cite";
    expect((await t.call("GET", "/v2/api/qna/server/status", { token: candidate.token })).json().model.reachable).toBe(true);
  });

  it("translates and transcribes through the provider", async () => {
    mode = "cite";
    const tr = await t.call("POST", "/v5/api/deployments/sow/gpt-translate", {
      token: candidate.token,
      body: { text: "Hello", target_language: "French" },
    });
    expect(tr.statusCode, tr.body).toBe(200);
    expect(tr.json()).toEqual({ error: false, text: "Bonjour" });
    expect(
      (
        await t.call("POST", "/v5/api/deployments/sow/gpt-translate", {
          token: candidate.token,
          body: { text: "", target_language: "French" },
        })
      ).statusCode,
    ).toBe(400);

    // A WAV header: RIFF....WAVE
    const wav = Buffer.concat([Buffer.from("RIFF"), Buffer.from([36, 0, 0, 0]), Buffer.from("WAVEfmt "), Buffer.alloc(32)]);
    const boundary = "----audio";
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="q.wav"\r\nContent-Type: audio/wav\r\n\r\n`),
      wav,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/v5/api/deployments/sow/gpt-transcribe",
      payload,
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "x-project": PROJECT,
        authorization: `Bearer ${candidate.token}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().text).toBe("how do I open the airway");
    const notAudio = await t.app.inject({
      method: "POST",
      url: "/v5/api/deployments/sow/gpt-transcribe",
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="q.wav"\r\n\r\n`),
        Buffer.from("just some text"),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "x-project": PROJECT,
        authorization: `Bearer ${candidate.token}`,
      },
    });
    expect(notAudio.statusCode).toBe(400);
  });
});

describe("what a user types stays out of the log", () => {
  it("logs no prompt, text to translate, transcript or search words, even when the provider fails", async () => {
    const { buildApp } = await import("../../app.ts");
    const { Writable } = await import("node:stream");
    let captured = "";
    const stream = new Writable({
      write(chunk, _enc, done) {
        captured += chunk.toString();
        done();
      },
    });
    const logged = await buildApp({ config: t.config, database: t.database, logger: { level: "trace", stream }, serveWeb: false });
    const call = (method: "GET" | "POST", url: string, body?: object, query?: Record<string, string>) =>
      logged.inject({
        method,
        url,
        query,
        headers: { "x-project": PROJECT, authorization: `Bearer ${candidate.token}` },
        ...(body ? { payload: body } : {}),
      });
    try {
      const prompt = "Zanzibarquokka how many back blows for a choking adult?";
      const text = "Quixotryne the casualty is breathing";
      mode = "cite";
      expect((await call("POST", "/v2/api/qna/query", { user_prompt: prompt })).statusCode).toBe(200);
      expect((await call("POST", "/v5/api/deployments/sow/gpt-translate", { text, target_language: "French" })).statusCode).toBe(200);
      expect((await call("GET", "/v2/api/library/search", undefined, { q: "Snorfleback tourniquet" })).statusCode).toBe(200);
      mode = "down";
      expect((await call("POST", "/v2/api/qna/query", { user_prompt: prompt })).statusCode).toBe(200);
      expect(
        (await call("POST", "/v5/api/deployments/sow/gpt-translate", { text, target_language: "French" })).statusCode,
      ).toBeGreaterThanOrEqual(500);
      const wav = Buffer.concat([Buffer.from("RIFF"), Buffer.from([36, 0, 0, 0]), Buffer.from("WAVEfmt "), Buffer.alloc(32)]);
      mode = "cite";
      const heard = await logged.inject({
        method: "POST",
        url: "/v5/api/deployments/sow/gpt-transcribe",
        payload: Buffer.concat([
          Buffer.from('------a\r\nContent-Disposition: form-data; name="file"; filename="q.wav"\r\nContent-Type: audio/wav\r\n\r\n'),
          wav,
          Buffer.from("\r\n------a--\r\n"),
        ]),
        headers: {
          "content-type": "multipart/form-data; boundary=----a",
          "x-project": PROJECT,
          authorization: `Bearer ${candidate.token}`,
        },
      });
      expect(heard.statusCode).toBe(200);
    } finally {
      mode = "cite";
      await logged.close();
    }
    // The log saw the calls (trace level), never their words.
    expect(captured).toContain("/v5/api/deployments/sow/gpt-translate");
    for (const word of ["Zanzibarquokka", "Quixotryne", "Snorfleback", "how do I open the airway"]) expect(captured).not.toContain(word);
  });
});
