/**
 * Cache keys of the photo library, which the staff photo screen and the blog editor both read:
 * an upload or a delete in either invalidates `all`.
 */
export const photoKeys = {
  all: ["photos"] as const,
  page: (page: number) => ["photos", "page", page] as const,
  images: ["photos", "images"] as const,
};
