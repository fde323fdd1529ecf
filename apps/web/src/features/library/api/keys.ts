/** The library's query keys, made in one place so a typo cannot miss the cache. */
export const libraryKeys = {
  all: ["library"] as const,
  documents: (filter: { track?: string; theme?: string }) => ["library", "documents", filter] as const,
  document: (slug: string) => ["library", "document", slug] as const,
  search: (text: string, filter: { track?: string; theme?: string }) => ["library", "search", text, filter] as const,
};
