// Library search and the study assistant, measured on questions candidates ask
// (`../shared/eval/library-questions.json`, format and metrics in its README), with the built-in
// answerer: search hit@3, answers stating every fact, numbers in answers that are not the
// library's, citations that open a section holding their quote, unanswerable questions declined,
// and how long an answer takes.
//
//   node bench/assistant-eval.mjs [--questions=<file>] [--port=3992] [--verbose] [--json]
//
// It starts the built server on a fresh embedded database, signs up a candidate, subscribes them
// to the Premium plan with the built-in test-mode provider's test card (every section open), then
// asks one question at a time over HTTP, as the web app does. The library text it checks numbers
// and quotes against is read from the content files (`content/library/*.md`), which the server
// seeds from. Any file in the same format (such as a held-out set) can be given with --questions.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildStale } from "../scripts/build-stale.mjs";
import { fmt, PROJECT, root, startServer, stopServer, waitReady } from "./lib.mjs";

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const flag = (name) => process.argv.includes(`--${name}`);

// ------------------------------------------------------------------ the library, as the content files hold it

/** The anchor of a heading: lower case, every run of other characters a `-` (as quiz citations use). */
export const slugify = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** Text as the checks compare it: no emphasis or code marks, one kind of quote and dash, single spaces, lower case. */
export const normalise = (text) =>
  text
    .replace(/[*_`]/g, "")
    .replace(/[‘’‚‛]/g, "'")
    .replace(/[“”„‟]/g, '"')
    .replace(/[‐‑‒–—―−]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** Every document of the library: slug → its sections by anchor (heading and text). */
export function readLibrary(dir = path.join(root, "content/library")) {
  const library = new Map();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".md"))) {
    const source = readFileSync(path.join(dir, file), "utf8").replace(/^---\n[\s\S]*?\n---\n/, "");
    const sections = new Map();
    let current = { anchor: "introduction", heading: "Introduction", lines: [] };
    const close = () => sections.set(current.anchor, { heading: current.heading, text: current.lines.join("\n") });
    for (const line of source.split("\n")) {
      const h = /^##\s+(.+?)\s*$/.exec(line);
      if (h && !line.startsWith("###")) {
        close();
        current = { anchor: slugify(h[1]), heading: h[1], lines: [] };
      } else current.lines.push(line);
    }
    close();
    library.set(file.replace(/\.md$/, ""), sections);
  }
  return library;
}

// ------------------------------------------------------------------ numbers

const UNIT =
  "(?:mg\\/dl|mmol\\/l|mmol|mcg|µg|mg|kg|g|ml|l\\/min|l|cm|mm|km|m|in(?:ch(?:es)?)?|ft|feet|psi|bar|kpa|°c|°f|c|%|per ?cent|min(?:ute)?s?|sec(?:ond)?s?|s|hours?|h|breaths?|beats?|bpm|n|kn|degrees?|j|v|drops?)";
/** A number as written (1,500 · 0.5 · 88), with the unit after it when there is one. */
const NUMBER = new RegExp(`(?<![\\d.,])(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)(?:\\s*(${UNIT})(?![a-z]))?`, "gi");

const numberValue = (n) => Number(n.replace(/,/g, ""));

/** The numbers of a text: value, the unit after it (normalised) or null, and the text itself. */
export function numbersIn(text) {
  const out = [];
  for (const m of text.matchAll(NUMBER)) {
    out.push({ value: numberValue(m[1]), unit: m[2] ? m[2].toLowerCase().replace(/\s+/g, "") : null, text: m[0] });
  }
  return out;
}

/** The library's numbers: every value, and every value with its unit. */
export function libraryNumbers(library) {
  const values = new Set();
  const withUnits = new Set();
  for (const sections of library.values()) {
    for (const { heading, text } of sections.values()) {
      for (const n of numbersIn(`${heading}\n${text}`)) {
        values.add(n.value);
        if (n.unit) withUnits.add(`${n.value} ${n.unit}`);
      }
    }
  }
  return { values, withUnits };
}

/**
 * The numbers of an answer that are not the library's: a value the library never states (nor the
 * question), a value with a unit the library never puts together, and decimals cut in two
 * (`0.` then a space or a citation mark).
 */
export function foreignNumbers(answer, question, known) {
  const bad = [];
  for (const m of answer.matchAll(/\d\.(?=\s|\s*\[\d+\])/g)) {
    // "0. [1] 15 mg", "step 1. Then": a sentence that ends in a number is fine; a decimal cut in two is not.
    const after = answer.slice(m.index + 2).replace(/^\s*(?:\[\d+\]\s*)*/, "");
    if (/^\d/.test(after)) bad.push(`${m[0]}${answer.slice(m.index + 2, m.index + 12)}… (a decimal cut in two)`);
  }
  const asked = new Set(numbersIn(question).map((n) => n.value));
  for (const n of numbersIn(answer.replace(/\[\d+\]/g, ""))) {
    if (asked.has(n.value)) continue;
    if (!known.values.has(n.value)) bad.push(`${n.text} (not in the library)`);
    else if (n.unit && !known.withUnits.has(`${n.value} ${n.unit}`)) bad.push(`${n.text} (the library never says it with this unit)`);
  }
  return bad;
}

// ------------------------------------------------------------------ citations

/** Whether a citation opens a published section whose text holds its quote (each sentence or "…" part of it). */
export function citationValid(citation, library) {
  const m = /^\/user\/document-library\/([^#/?]+)#(.+)$/.exec(citation.url ?? "");
  if (!m || !citation.quote) return false;
  const section = library.get(m[1])?.get(m[2]);
  if (!section) return false;
  const text = normalise(`${section.heading}\n${section.text}`);
  const parts = citation.quote
    .split(/…|\.\.\./)
    .flatMap((p) => p.split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/))
    .map((p) => normalise(p).replace(/^[\s"'(]+|[\s"')]+$/g, ""))
    .filter(Boolean);
  return parts.length > 0 && parts.every((p) => text.includes(p) || text.includes(p.replace(/[.!?]$/, "")));
}

// ------------------------------------------------------------------ the run

async function call(base, method, url, { token, body } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      "x-project": PROJECT,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json().catch(() => null);
  return { status: res.status, json };
}

/** A candidate on the Premium plan, paid with the test-mode provider's card that always works. */
async function premiumCandidate(base) {
  const email = `eval-${Date.now()}@example.test`;
  const reg = await call(base, "POST", "/v2/api/lambda/register", {
    body: { email, password: "evaluation password 1", first_name: "Eva", last_name: "Luator", role: "user" },
  });
  if (reg.status !== 200) throw new Error(`sign-up failed: ${reg.status} ${JSON.stringify(reg.json)}`);
  const token = reg.json.token;
  const card = await call(base, "POST", "/testpay/v1/tokens", {
    body: { card: { number: "4242424242424242", exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: "123" } },
  });
  const saved = await call(base, "POST", "/v2/api/lambda/stripe/customer/card", { token, body: { card_token: card.json.id } });
  if (saved.status !== 200) throw new Error(`saving the card failed: ${saved.status}`);
  const plans = await call(base, "GET", "/v2/api/lambda/stripe/plans");
  const premium =
    plans.json.list.find((p) => p.package.slug === "premium" && p.interval === "month") ??
    plans.json.list.find((p) => p.package.slug === "premium");
  if (!premium) throw new Error("no Premium plan on sale");
  const sub = await call(base, "POST", "/v2/api/lambda/stripe/customer/subscription", { token, body: { price_id: premium.price_id } });
  if (sub.status !== 200) throw new Error(`subscribing failed: ${sub.status} ${JSON.stringify(sub.json)}`);
  return token;
}

const sectionsOf = (q) => [
  ...(Array.isArray(q.heading) ? q.heading : [q.heading]).map((h) => ({ doc: q.doc, anchor: slugify(h) })),
  ...(q.alt ?? []).map((a) => ({ doc: a.doc, anchor: slugify(a.heading) })),
];

const NO_ANSWER = /library (?:holds|has) no answer|could not find|no answer (?:to|in)/i;

/**
 * Scores the questions against the server at `base`, asked with `token`. `originalOf` names the
 * content document a served document stands for (the library benchmark's copies: `bench-…`).
 */
export async function evaluate(base, token, questions, library, { verbose = false, originalOf = (slug) => slug } = {}) {
  const original = (url) => url?.replace(/(\/document-library\/)([^#/?]+)/, (_, prefix, slug) => `${prefix}${originalOf(slug)}`);
  const known = libraryNumbers(library);
  const r = {
    answerable: 0,
    hits: 0,
    factsOk: 0,
    foreign: [],
    citations: 0,
    validCitations: 0,
    unanswerable: 0,
    declined: 0,
    answerMs: [],
    failures: [],
  };
  for (const q of questions) {
    if (!q.unanswerable) {
      r.answerable++;
      const s = await call(base, "GET", `/v2/api/library/search?q=${encodeURIComponent(q.search)}`, { token });
      const top = (s.json?.list ?? []).slice(0, 3);
      const hit = top.some((h) => sectionsOf(q).some((x) => x.doc === originalOf(h.document) && x.anchor === h.anchor));
      if (hit) r.hits++;
      else r.failures.push({ id: q.id, kind: "search", search: q.search, got: top.map((h) => `${h.document}#${h.anchor}`) });
    }
    const t0 = performance.now();
    const a = await call(base, "POST", "/v2/api/qna/query", { token, body: { user_prompt: q.q } });
    r.answerMs.push(performance.now() - t0);
    if (a.status !== 200) {
      r.failures.push({ id: q.id, kind: "assistant error", status: a.status });
      if (q.unanswerable) r.unanswerable++;
      continue;
    }
    const model = a.json.model;
    const answer = model.answer.replace(/\s*\[\d+\]/g, "");
    for (const c of model.citations) {
      r.citations++;
      if (citationValid({ ...c, url: original(c.url) }, library)) r.validCitations++;
      else r.failures.push({ id: q.id, kind: "citation", url: c.url, quote: c.quote });
    }
    const foreign = foreignNumbers(model.answer, q.q, known);
    if (foreign.length) r.foreign.push({ id: q.id, numbers: foreign });
    if (q.unanswerable) {
      r.unanswerable++;
      const declined = model.answered === false || (model.citations.length === 0 && NO_ANSWER.test(model.answer));
      if (declined) r.declined++;
      else r.failures.push({ id: q.id, kind: "not declined", q: q.q, answer: model.answer });
    } else {
      const missing = (q.facts ?? []).filter((f) => !new RegExp(f, "i").test(answer));
      if (model.answered !== false && missing.length === 0) r.factsOk++;
      else r.failures.push({ id: q.id, kind: "facts", q: q.q, missing, answer: model.answer });
    }
    if (verbose) console.log(`${q.id}: ${q.q}\n  → ${model.answer}\n`);
  }
  return r;
}

export function summary(r) {
  const times = [...r.answerMs].sort((a, b) => a - b);
  const pct = (a, b) => (b ? (100 * a) / b : 0);
  return {
    questions: r.answerable + r.unanswerable,
    hit_at_3: pct(r.hits, r.answerable),
    facts: pct(r.factsOk, r.answerable),
    foreign_numbers: r.foreign.reduce((n, f) => n + f.numbers.length, 0),
    citations_valid: pct(r.validCitations, r.citations),
    citations: r.citations,
    declined: `${r.declined} of ${r.unanswerable}`,
    answer_p50_ms: times[Math.floor(times.length / 2)] ?? 0,
    answer_p95_ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0,
  };
}

export async function benchAssistantEval({ questionsFile, port = 3992, verbose = false } = {}) {
  const file = questionsFile ?? path.join(root, "..", "shared/eval/library-questions.json");
  const { questions } = JSON.parse(readFileSync(file, "utf8"));
  const library = readLibrary();
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-eval-"));
  const server = startServer({ port, dataDir, env: { LOG_LEVEL: "error", ADMIN_2FA_REQUIRED: "false" } });
  try {
    await waitReady(port, server.child, 600_000);
    const base = `http://127.0.0.1:${port}`;
    const token = await premiumCandidate(base);
    const r = await evaluate(base, token, questions, library, { verbose });
    return { file: path.relative(root, file), ...summary(r), details: r };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints the figures; answers false when a target is missed. */
export function printAssistantEval(e) {
  console.log(`study assistant and library search on ${e.file} (${e.questions} questions, built-in answerer):`);
  console.log(`  search hit@3: ${fmt(e.hit_at_3, 1)} % (target ≥ 90 %)`);
  console.log(`  answers stating every fact: ${fmt(e.facts, 1)} % (target ≥ 85 %)`);
  console.log(`  numbers in answers that are not the library's: ${e.foreign_numbers} (target 0)`);
  console.log(`  citations that open a section holding their quote: ${fmt(e.citations_valid, 1)} % of ${e.citations} (target ≥ 98 %)`);
  console.log(`  unanswerable questions declined: ${e.declined} (target ≥ 7 of 8)`);
  console.log(`  answer time over HTTP: p50 ${fmt(e.answer_p50_ms, 1)} ms, p95 ${fmt(e.answer_p95_ms, 1)} ms`);
  const [declined, of] = e.declined.split(" of ").map(Number);
  return e.hit_at_3 >= 90 && e.facts >= 85 && e.foreign_numbers === 0 && e.citations_valid >= 98 && declined >= Math.ceil((of * 7) / 8);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildStale();
  const e = await benchAssistantEval({
    questionsFile: arg("questions") ? path.resolve(arg("questions")) : undefined,
    port: Number(arg("port", 3992)),
    verbose: flag("verbose"),
  });
  if (flag("json")) console.log(JSON.stringify(e, null, 2));
  else {
    const ok = printAssistantEval(e);
    for (const f of e.details.failures) console.log(`  ✗ ${JSON.stringify(f)}`);
    for (const f of e.details.foreign) console.log(`  ✗ numbers ${f.id}: ${f.numbers.join("; ")}`);
    if (!ok) process.exitCode = 1;
  }
}
