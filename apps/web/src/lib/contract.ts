import type { z } from "zod";

/**
 * The body a call answers, as the shared contract describes it (`Answer<typeof ProfileResponse>`):
 * the browser types its calls from the same zod schemas the server checks its answers with,
 * importing them as types only, so no zod reaches the bundle.
 */
export type Answer<Schema extends z.ZodType> = z.infer<Schema>;
