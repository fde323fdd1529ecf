import type { Config } from "../../config.ts";
import type { Answerer } from "./answerer.ts";
import { createExtractiveAnswerer } from "./extractive.ts";
import { createOpenAiCompatibleAnswerer } from "./openai-compatible.ts";

/** The configured answerer: an OpenAI-compatible endpoint when AI_BASE_URL is set, else the built-in one. */
export function createAnswerer(
  config: Pick<Config, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL" | "AI_TRANSCRIBE_MODEL" | "AI_TIMEOUT_MS">,
): Answerer {
  if (!config.AI_BASE_URL) return createExtractiveAnswerer();
  return createOpenAiCompatibleAnswerer({
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL,
    transcribeModel: config.AI_TRANSCRIBE_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
  });
}
