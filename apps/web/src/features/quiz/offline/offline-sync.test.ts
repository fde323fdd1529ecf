import type { OfflineAnswer, OfflinePack } from "@academy/contract/offline";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { feedbackFor, nextQuestions, offlineQuizModel, offlineScore } from "./offline-quiz";
import type { OfflineSession, PendingAnswer } from "./offline-store";
import { syncPending } from "./offline-sync";

/** The device's pending answers in memory, in the order given, as IndexedDB keeps them. */
function device(count: number) {
  let rows: PendingAnswer[] = Array.from({ length: count }, (_, i) => ({
    seq: i + 1,
    userId: 7,
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    packId: 1,
    session: "11111111-1111-4111-8111-111111111111",
    questionId: `q-${i}`,
    response: { choice: "a" },
    answeredAt: new Date(1_800_000_000_000 + i * 1000).toISOString(),
  }));
  return {
    get rows() {
      return rows;
    },
    pending: async (userId: number) => rows.filter((r) => r.userId === userId),
    remove: async (seqs: number[]) => {
      rows = rows.filter((r) => !seqs.includes(r.seq!));
    },
  };
}

describe("syncing the answers given offline", () => {
  it("sends them in order, in batches of 200 at most, and forgets each only once the server acknowledged it", async () => {
    const d = device(450);
    const sent: OfflineAnswer[][] = [];
    const result = await syncPending(7, {
      ...d,
      send: async (batch) => {
        sent.push(batch);
        return { ids: batch.map((a) => a.id) };
      },
    });
    expect(result).toEqual({ synced: 450, refused: 0, error: "" });
    expect(sent.map((b) => b.length)).toEqual([200, 200, 50]);
    expect(sent.flat().map((a) => a.questionId)).toEqual(Array.from({ length: 450 }, (_, i) => `q-${i}`));
    // What goes over the wire is the contract's answer: no device bookkeeping.
    expect(Object.keys(sent[0]![0]!).sort()).toEqual(["answeredAt", "id", "packId", "questionId", "response", "session"]);
    expect(d.rows).toEqual([]);
  });

  it("keeps everything when the server cannot be reached, and sends the same ids again next time", async () => {
    const d = device(3);
    const offline = await syncPending(7, {
      ...d,
      send: async () => {
        throw new ApiError(0, "Could not reach the server.");
      },
    });
    expect(offline).toMatchObject({ synced: 0, isUnreachable: true });
    expect(d.rows).toHaveLength(3);
    const ids: string[] = [];
    const send = async (batch: OfflineAnswer[]) => {
      ids.push(...batch.map((a) => a.id));
      return { ids: batch.map((a) => a.id) };
    };
    await syncPending(7, { ...d, send });
    expect(ids).toEqual(device(3).rows.map((r) => r.id));
    expect(d.rows).toEqual([]);
  });

  it("keeps the answers when the session ended (401), to send after the next sign-in", async () => {
    const d = device(2);
    const result = await syncPending(7, {
      ...d,
      send: async () => {
        throw new ApiError(401, "Your session has expired.");
      },
    });
    expect(result.synced).toBe(0);
    expect(result.isUnreachable).toBe(false);
    expect(d.rows).toHaveLength(2);
  });

  it("drops a batch the server refuses for what it says, reports it, and goes on with the rest", async () => {
    const d = device(250);
    let calls = 0;
    const result = await syncPending(7, {
      ...d,
      send: async (batch) => {
        calls += 1;
        if (calls === 1) throw new ApiError(400, "Question q-0 is not part of practice pack 1");
        return { ids: batch.map((a) => a.id) };
      },
    });
    expect(result).toEqual({
      synced: 50,
      refused: 200,
      error: "200 answers could not be recorded: Question q-0 is not part of practice pack 1",
    });
    expect(d.rows).toEqual([]);
  });

  it("sends only the signed-in candidate's answers", async () => {
    const d = device(2);
    const sent: string[] = [];
    const send = async (batch: OfflineAnswer[]) => {
      sent.push(...batch.map((a) => a.id));
      return { ids: [] };
    };
    await syncPending(8, { ...d, send });
    expect(sent).toEqual([]);
    expect(d.rows).toHaveLength(2);
  });
});

const pack: OfflinePack = {
  id: 3,
  track: "ems",
  trackName: "EMS",
  createdAt: "2026-11-27T10:00:00.000Z",
  items: [
    {
      questionId: "airway-001",
      theme: "airway",
      themeName: "Airway",
      type: "single",
      difficulty: 2,
      stem: "Which?",
      image: null,
      options: [
        { id: "a", text: "A" },
        { id: "b", text: "B" },
      ],
      unit: "",
      key: { correct: { choice: "b" }, explanation: "B it is", options: [], source: "", reference: null, guideline: null },
    },
    {
      questionId: "dose-002",
      theme: "pharm",
      themeName: "Pharmacology",
      type: "numeric",
      difficulty: 3,
      stem: "How many mL?",
      image: null,
      options: [],
      unit: "mL",
      key: {
        correct: { value: 2.5 },
        numeric: { answer: 2.5, tolerance: 0.1, unit: "mL" },
        explanation: "",
        options: [],
        source: "",
        reference: null,
        guideline: null,
      },
    },
    {
      questionId: "order-003",
      theme: "airway",
      themeName: "Airway",
      type: "ordering",
      difficulty: 3,
      stem: "Order",
      image: null,
      options: [],
      unit: "",
      key: { correct: { order: ["x", "y", "z"] }, explanation: "", options: [], source: "", reference: null, guideline: null },
    },
  ],
};

describe("an offline quiz from a pack", () => {
  it("gives practice feedback from the stored key", () => {
    expect(feedbackFor(pack.items[0]!, { choice: "b" })).toMatchObject({ isCorrect: true, explanation: "B it is" });
    expect(feedbackFor(pack.items[0]!, { choice: "a" }).isCorrect).toBe(false);
    expect(feedbackFor(pack.items[1]!, { value: 2.58 }).isCorrect).toBe(true);
    expect(feedbackFor(pack.items[1]!, { value: 2.7 }).isCorrect).toBe(false);
    expect(feedbackFor(pack.items[2]!, { order: ["x", "y", "z"] }).isCorrect).toBe(true);
    expect(feedbackFor(pack.items[2]!, { order: ["y", "x", "z"] }).isCorrect).toBe(false);
  });

  it("takes the pack's questions not answered yet, and plays as a practice quiz with its answers and feedback", () => {
    expect(nextQuestions(pack, ["airway-001"], 10)).toEqual(["dose-002", "order-003"]);
    expect(nextQuestions(pack, [], 2)).toEqual(["airway-001", "dose-002"]);
    const session: OfflineSession = {
      session: "s",
      userId: 7,
      packId: 3,
      title: "Offline practice",
      questionIds: ["airway-001", "dose-002"],
      responses: { "airway-001": { choice: "a" } },
      flags: { "dose-002": true },
      position: 1,
      startedAt: "2026-11-27T11:00:00.000Z",
      finishedAt: null,
    };
    const quiz = offlineQuizModel(pack, session);
    expect(quiz).toMatchObject({ id: -3, mode: "practice", status: "in_progress", total: 2, answered: 1, position: 1, mock: null });
    expect(quiz.questions[0]).toMatchObject({ response: { choice: "a" }, feedback: { isCorrect: false } });
    expect(quiz.questions[1]).toMatchObject({ response: null, feedback: null, flagged: true, unit: "mL" });
    expect(offlineScore(pack, session)).toEqual({ answered: 1, right: 0, total: 2 });
  });
});
