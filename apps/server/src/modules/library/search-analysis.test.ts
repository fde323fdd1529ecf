import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { assistantMessages } from "../../db/schema/library.ts";
import { createTestApp } from "../../test/app.ts";
import { CARDS, paymentsHelpers } from "../payments/test-helpers.ts";

// Search and the assistant on the seeded library, as a Premium candidate and as a Free one: the
// spelling rules, the synonym dictionary, typos, partial matches, and answers that quote whole
// sentences with their numbers. Runs on PGlite and on PostgreSQL (the `server-pg` project).
const t = await createTestApp();
const pay = paymentsHelpers(t);
const premium = await t.signUp("user");
await pay.addCard(premium.token, CARDS.visa);
const sub = await t.call("POST", `${pay.P}/customer/subscription`, {
  token: premium.token,
  body: { price_id: await pay.priceId("Premium monthly") },
});
if (sub.statusCode !== 200) throw new Error(`subscribing failed: ${sub.body}`);
const free = await t.signUp("user");

type Hit = { document: string; anchor: string; matchesAll: boolean; snippet: { text: string; hit: boolean }[]; locked: unknown };
const search = async (q: string, token = premium.token) => {
  const res = await t.call("GET", "/v2/api/library/search", { token, query: { q } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { list: Hit[]; match: "all" | "some" | "none"; didYouMean: string | null };
};
const top = async (q: string, n = 3) => (await search(q)).list.slice(0, n).map((h) => `${h.document}#${h.anchor}`);

type Answer = { answer: string; answered: boolean; citations: { url: string; quote: string; locked: unknown }[] };
const ask = async (question: string, token = premium.token) => {
  const res = await t.call("POST", "/v2/api/qna/query", { token, body: { user_prompt: question } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().model as Answer;
};

describe("library search", () => {
  it("finds a British spelling from an American one, and the other way round", async () => {
    expect(await top("hypoglycemia glucose")).toContain("medical-emergencies#diabetic-emergencies");
    const hits = await search("edema");
    expect(hits.match).toBe("all");
    expect(hits.list[0]!.snippet.filter((p) => p.hit).map((p) => p.text.toLowerCase())).toContain("oedema");
    expect(await top("pediatric resuscitation")).toContain("paediatrics-obstetrics#paediatric-resuscitation");
  });

  it("knows the field's synonyms and abbreviations", async () => {
    expect(await top("epinephrine dose child")).toContain("ems-pharmacology#adrenaline-epinephrine-auto-injector");
    const scba = await search("SCBA air management");
    expect(scba.list[0]!.anchor).toBe("self-contained-breathing-apparatus");
    expect(await top("nitroglycerin")).toContain("ems-pharmacology#nitroglycerin-glyceryl-trinitrate-gtn");
    expect(await top("chip pan fire")).toContain("extinguishing-agents#cooking-oil-fires-and-wet-chemical");
  });

  it("ranks the section that states the answer first, headings weighing more", async () => {
    expect((await top("CPR compression depth", 1))[0]).toBe("circulation-cpr#high-quality-chest-compressions");
    expect((await top("rule of nines", 1))[0]).toBe("trauma-bleeding#burns-and-the-rule-of-nines");
  });

  it("takes a mistyped word for the library's nearest word, and says so", async () => {
    const typo = await search("tourniqet");
    expect(typo.didYouMean).toBe("tourniquet");
    expect(typo.list[0]!.anchor).toBe("controlling-catastrophic-bleeding");
    // An English word the library does not use is no typo: "rugby" is not taken for another word.
    expect((await search("rugby")).didYouMean).toBeNull();
  });

  it("shows the best partial matches when no section holds every word, and says so", async () => {
    const some = await search("tourniquet rugby");
    expect(some.match).toBe("some");
    expect(some.list[0]).toMatchObject({ anchor: "controlling-catastrophic-bleeding", matchesAll: false });
    const mixed = await search("tourniquet junctional");
    expect(mixed.match).toBe("all");
    expect(mixed.list[0]!.matchesAll).toBe(true);
    expect(mixed.list.some((h) => !h.matchesAll)).toBe(true);
    const firstPartial = mixed.list.findIndex((h) => !h.matchesAll);
    expect(mixed.list.slice(firstPartial).every((h) => !h.matchesAll)).toBe(true);
  });

  it("keeps locked sections locked for a Free reader, synonyms or not", async () => {
    const hits = await search("newborn compressions ratio", free.token);
    const newborn = hits.list.find((h) => h.anchor === "the-newborn-and-the-apgar-score");
    expect(newborn).toMatchObject({ snippet: [], locked: { tier: "premium" } });
  });
});

describe("the study assistant's built-in answers", () => {
  it("quotes a dose whole, from the section that answers the question", async () => {
    const a = await ask("What is the adult adrenaline dose for anaphylaxis?");
    expect(a.answered).toBe(true);
    expect(a.answer).toMatch(/0\.5 mg/);
    // No decimal cut in two, as "0. [1] 15 mg" once read.
    expect(a.answer).not.toMatch(/\d\.\s*(\[\d+\])?\s+\d/);
    for (const c of a.citations) {
      expect(c.url).toMatch(/ems-pharmacology#adrenaline|medical-emergencies#anaphylaxis/);
      expect(c.quote).toMatch(/0\.5 mg/);
      expect(c.locked).toBeNull();
    }
  });

  it("answers when and how much naloxone from the naloxone section, not another", async () => {
    const a = await ask("When and how much naloxone do I give?");
    expect(a.answered).toBe(true);
    expect(a.citations.map((c) => c.url)).toEqual(["/user/document-library/ems-pharmacology#naloxone"]);
    expect(a.answer).toMatch(/naloxone/i);
    expect(a.answer).not.toMatch(/petrol|diesel|flash point/i);
  });

  it("answers how START sorts patients with its respiratory rate", async () => {
    const a = await ask("In START triage, above what respiratory rate is an adult tagged red?");
    expect(a.answered).toBe(true);
    expect(a.answer).toMatch(/more than 30 per minute/);
    expect(a.citations[0]!.url).toBe("/user/document-library/ems-operations-triage#start-triage");
  });

  it("answers a dose from the section that states it, and never gives another drug's dose", async () => {
    const aspirin = await ask("What is the aspirin dose for chest pain?");
    expect(aspirin.answered).toBe(true);
    expect(aspirin.answer).toMatch(/300 mg/);
    expect(aspirin.citations.map((c) => c.url)).toEqual(["/user/document-library/ems-pharmacology#aspirin"]);
    // Paracetamol is not in the library: the adrenaline section's doses for a child are not its answer.
    const paracetamol = await ask("What is the dose of paracetamol for a child with a fever?");
    expect(paracetamol.answered).toBe(false);
    expect(paracetamol.answer).not.toMatch(/\d\s*mg/);
  });

  it("says plainly when the library holds no answer", async () => {
    for (const q of ["What is the adult dose of amiodarone in cardiac arrest?", "What is the capital city of Australia?"]) {
      const a = await ask(q);
      expect(a.answered, q).toBe(false);
      expect(a.citations).toEqual([]);
      expect(a.answer).toMatch(/library holds no answer/);
    }
  });

  it("marks a citation whose section the reader's plan no longer opens, before the click", async () => {
    const a = await ask("What is the compression to ventilation ratio for newborn resuscitation?");
    expect(a.citations[0]!.url).toContain("paediatrics-obstetrics");
    expect(a.citations[0]!.locked).toBeNull();
    // The same answer in the history of a Free reader (a plan that ended): locked, with the plan that opens it.
    const [row] = await t.db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.userId, premium.user_id))
      .orderBy(desc(assistantMessages.id))
      .limit(1);
    await t.db.insert(assistantMessages).values({ ...row!, id: undefined, userId: free.user_id });
    const history = (await t.call("GET", "/v2/api/qna/history", { token: free.token })).json().list as Answer[];
    const locked = history.flatMap((h) => h.citations).find((c) => c.url.includes("paediatrics-obstetrics"));
    expect(locked?.locked).toMatchObject({ tier: "premium", plans: ["Premium"] });
  });
});
