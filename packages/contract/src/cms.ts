import { z } from "zod";

export const CmsType = z.enum(["text", "rich_text", "image", "number", "json"]);

/** The spec's CMS entry: `page`, `key`, `type`, `value`. */
export const CmsEntryRequest = z.strictObject({
  page: z
    .string()
    .trim()
    .min(1, "Page is required")
    .max(60)
    .regex(/^[a-z0-9_-]+$/, "Use lowercase letters, digits, - and _"),
  key: z
    .string()
    .trim()
    .min(1, "Key is required")
    .max(80)
    .regex(/^[a-z0-9_.-]+$/, "Use lowercase letters, digits, -, _ and ."),
  type: CmsType,
  value: z.string().max(100_000),
});
export const CmsEntryCreated = z.object({ error: z.literal(false), message: z.string(), data: z.number().int() });
