import { numbersIn } from "../../lib/numbers.ts";
import { sentencesOf } from "../../lib/sentences.ts";
import { type Answerer, AnswererUnavailableError, type AnswerInput, type AnswerOutput } from "./answerer.ts";

export type OpenAiConfig = { baseUrl: string; apiKey?: string; model: string; transcribeModel: string; timeoutMs?: number };

const NO_ANSWER = "NO_ANSWER";

const SYSTEM = [
  "You are the study assistant of a rescue-career academy. Answer the candidate's question using ONLY the numbered library passages given.",
  "Cite every statement with the number of the passage it comes from, in square brackets, like [1] or [2].",
  `If the passages do not answer the question, reply with exactly ${NO_ANSWER} and nothing else.`,
  "Be brief: at most five sentences. Do not use outside knowledge.",
].join(" ");

/** The passages as the model reads them. */
export const passagesPrompt = (input: AnswerInput) =>
  `${input.passages.map((p) => `[${p.n}] ${p.title} — ${p.heading}\n${p.text}`).join("\n\n")}\n\nQuestion: ${input.question}`;

/**
 * The passage's sentence the answer draws on most, quoted whole: the one sharing the most of its
 * numbers, then of its words.
 */
function quoteFor(passageText: string, answer: string): string {
  const answerWords = new Set(answer.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []);
  const answerNumbers = new Set(numbersIn(answer).map((n) => n.value));
  let best = "";
  let bestScore = -1;
  for (const s of sentencesOf(passageText)) {
    const words = (s.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []).filter((w) => answerWords.has(w)).length;
    const score = words + 3 * numbersIn(s).filter((n) => answerNumbers.has(n.value)).length;
    if (score > bestScore) [best, bestScore] = [s, score];
  }
  return best;
}

/**
 * An OpenAI-compatible API (OpenAI, Azure OpenAI, a local llama.cpp or vLLM server, …): the chat
 * completions call writes the answer from the retrieved passages and must cite them; the
 * assistant shows it only once `checkModelAnswer` finds every citation and number in them.
 */
export function createOpenAiCompatibleAnswerer(config: OpenAiConfig): Answerer {
  const base = config.baseUrl.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? 15_000;
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { "content-type": "application/json" } : {}),
    ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
  });

  async function call(path: string, init: RequestInit): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      const why = e instanceof Error && e.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : (e as Error).message;
      throw new AnswererUnavailableError(`The AI provider could not be reached: ${why}`);
    }
    // The provider's error text may echo what the candidate asked: it is not passed on or logged.
    if (!res.ok) throw new AnswererUnavailableError(`The AI provider answered ${res.status}`);
    try {
      return await res.json();
    } catch {
      throw new AnswererUnavailableError("The AI provider's answer was not JSON");
    }
  }

  async function chat(messages: { role: "system" | "user"; content: string }[]): Promise<string> {
    const body = (await call("/chat/completions", {
      method: "POST",
      headers: headers(true),
      body: JSON.stringify({ model: config.model, messages, temperature: 0 }),
    })) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== "string") throw new AnswererUnavailableError("The AI provider's answer had no text");
    return content.trim();
  }

  return {
    kind: "openai-compatible",
    model: config.model,
    async answer(input: AnswerInput): Promise<AnswerOutput> {
      if (!input.passages.length) return { answered: false, text: "", used: [] };
      const text = await chat([
        { role: "system", content: SYSTEM },
        { role: "user", content: passagesPrompt(input) },
      ]);
      if (!text || text.includes(NO_ANSWER)) return { answered: false, text: "", used: [] };
      // Which passages it rests on; the assistant checks the answer against them before showing it.
      const cited = new Set([...text.matchAll(/\[(\d{1,2})\]/g)].map((m) => Number(m[1])));
      const sources = input.passages.filter((p) => cited.has(p.n));
      return { answered: true, text, used: sources.map((p) => ({ n: p.n, quote: quoteFor(p.text, text) })) };
    },
    async isReachable() {
      try {
        const res = await fetch(`${base}/models`, { headers: headers(false), signal: AbortSignal.timeout(3_000) });
        return res.ok;
      } catch {
        return false;
      }
    },
    async transcribe(audio, fileName, mime) {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(audio)], { type: mime }), fileName);
      form.append("model", config.transcribeModel);
      const body = (await call("/audio/transcriptions", { method: "POST", headers: headers(false), body: form })) as { text?: unknown };
      if (typeof body.text !== "string") throw new AnswererUnavailableError("The AI provider's transcription had no text");
      return body.text;
    },
    async translate(text, targetLanguage) {
      return chat([
        {
          role: "system",
          content: `Translate the user's text into ${targetLanguage}. Reply with the translation only, keeping its meaning and tone.`,
        },
        { role: "user", content: text },
      ]);
    },
  };
}
