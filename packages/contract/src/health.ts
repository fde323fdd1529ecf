import { z } from "zod";

/** `/healthz` (`ok`) and `/readyz` (`ready`, or with 503 what is unavailable and why). */
export const HealthResponse = z.object({ status: z.string(), reason: z.string().optional() });
export type HealthResponse = z.infer<typeof HealthResponse>;
