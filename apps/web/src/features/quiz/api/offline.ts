import type { OfflineAnswer, OfflinePackResponse, SyncOfflineResponse } from "@academy/contract/offline";
import { api, customPath, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

/** POST quiz/offline/pack: a practice pack of 50 or 100 questions with their keys (decision 32). */
export async function downloadPack(size: 50 | 100) {
  return (await unwrap(api.post<Answer<typeof OfflinePackResponse>>(customPath("quiz/offline/pack"), { size }))).model;
}

/** POST quiz/offline/sync: answers given offline, each recorded once under its device id. */
export async function sendOfflineAnswers(answers: OfflineAnswer[]) {
  return unwrap(api.post<Answer<typeof SyncOfflineResponse>>(customPath("quiz/offline/sync"), { answers }));
}
