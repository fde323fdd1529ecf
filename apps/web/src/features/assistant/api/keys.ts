/** The study assistant's query keys, made in one place so a typo cannot miss the cache. */
export const assistantKeys = {
  history: ["assistant", "history"] as const,
  status: ["assistant", "status"] as const,
};
