import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.ts";
import { PREMIUM_TEXT, uploader } from "../library/test-helpers.ts";

const t = await createTestApp({ UPLOAD_DIR: `/tmp/assistant-test-${process.pid}-${Date.now()}` });
const candidate = await t.signUp("user");
const upload = uploader(t);

describe("the study assistant", () => {
  it("answers from the section that holds the fact and cites it with a link", async () => {
    const res = await t.call("POST", "/v2/api/qna/query", {
      token: candidate.token,
      body: { user_prompt: "How many back blows should I give a choking adult?" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const model = res.json().model;
    expect(model.answered).toBe(true);
    expect(model.answerer).toBe("built-in");
    expect(model.answer).toContain("5 back blows");
    expect(model.citations[0]).toMatchObject({
      document: "airway-breathing",
      anchor: "choking",
      url: "/user/document-library/airway-breathing#choking",
    });
    expect(model.citations[0].quote).toContain("back blows");
    expect(model.answer).toMatch(/\[1\]/);
  });

  it("says plainly when the library holds no answer, and names locked documents without their text", async () => {
    const none = await t.call("POST", "/v2/api/qna/query", {
      token: candidate.token,
      body: { user_prompt: "What is the capital of Mongolia?" },
    });
    expect(none.json().model).toMatchObject({ answered: false, citations: [] });
    expect(none.json().model.answer).toContain("The library holds no answer");
    const locked = await t.call("POST", "/v2/api/qna/query", {
      token: candidate.token,
      body: { user_prompt: "What does BLEVE stand for in a boiling liquid tank?" },
    });
    const model = locked.json().model;
    expect(model.citations.every((c: { document: string }) => c.document !== "hazardous-materials")).toBe(true);
    for (const text of PREMIUM_TEXT) expect(locked.body).not.toContain(text);
  });

  it("keeps the conversation per user", async () => {
    const other = await t.signUp("user");
    const mine = (await t.call("GET", "/v2/api/qna/history", { token: candidate.token })).json().list;
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.at(-1).prompt).toBeTruthy();
    expect((await t.call("GET", "/v2/api/qna/history", { token: other.token })).json().list).toEqual([]);
  });

  it("refuses empty and oversized questions, and questions past the plan's daily number", async () => {
    const before = (await t.call("GET", "/v2/api/qna/history", { token: candidate.token })).json().list.length;
    expect((await t.call("POST", "/v2/api/qna/query", { token: candidate.token, body: { user_prompt: "   " } })).statusCode).toBe(400);
    expect(
      (await t.call("POST", "/v2/api/qna/query", { token: candidate.token, body: { user_prompt: "x".repeat(1001) } })).statusCode,
    ).toBe(400);
    expect((await t.call("POST", "/v2/api/qna/query", { token: candidate.token, body: {} })).statusCode).toBe(400);
    expect((await t.call("GET", "/v2/api/qna/history", { token: candidate.token })).json().list.length).toBe(before);

    const limited = await t.signUp("user");
    for (let i = 0; i < 10; i++)
      expect(
        (await t.call("POST", "/v2/api/qna/query", { token: limited.token, body: { user_prompt: `oxygen saturation ${i}` } })).statusCode,
      ).toBe(200);
    const over = await t.call("POST", "/v2/api/qna/query", { token: limited.token, body: { user_prompt: "oxygen saturation" } });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toContain("10 study assistant questions a day");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    const status = (await t.call("GET", "/v2/api/qna/server/status", { token: limited.token })).json().model;
    expect(status).toMatchObject({
      answerer: "built-in",
      reachable: true,
      transcribe: false,
      translate: false,
      quota: { perDay: 10, usedToday: 10 },
    });
  });

  it("counts the day's questions under a lock: questions asked all at once get the plan's number of answers", async () => {
    const eager = await t.signUp("user");
    const asked = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        t.call("POST", "/v2/api/qna/query", { token: eager.token, body: { user_prompt: `oxygen saturation ${i}` } }),
      ),
    );
    expect(asked.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(asked.filter((r) => r.statusCode === 429)).toHaveLength(6);
    const kept = (await t.call("GET", "/v2/api/qna/history", { token: eager.token })).json().list as { answer: string }[];
    expect(kept).toHaveLength(10);
    expect(kept.every((m) => m.answer.length > 0)).toBe(true);
  });

  it("answers 503 for transcription and translation without a provider", async () => {
    const tr = await t.call("POST", "/v5/api/deployments/sow/gpt-translate", {
      token: candidate.token,
      body: { text: "Hello", target_language: "French" },
    });
    expect(tr.statusCode).toBe(503);
    expect(tr.json()).toMatchObject({ code: "AI_NOT_CONFIGURED" });
    expect(tr.json().message).toContain("AI_BASE_URL");
    const audio = await upload("/v5/api/deployments/sow/gpt-transcribe", candidate.token, [
      { name: "file", value: Buffer.from("ID3 not really audio"), fileName: "a.mp3", type: "audio/mpeg" },
    ]);
    expect(audio.statusCode).toBe(503);
  });
});
