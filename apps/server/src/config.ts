import { z } from "zod";

const KNOWN_WEAK_SECRETS = new Set(["secret", "changeme", "change-me", "jwt-secret", "your-secret-key"]);

const Port = z.coerce.number().int().min(0).max(65535);

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: Port.default(3000),
  /**
   * Connections the kernel queues for the server before it accepts them (capped by the kernel's
   * `net.core.somaxconn`). Node's 511 overflowed when thousands of long polls connected at once,
   * and a connection dropped from a full queue waits for a retransmission or is reset.
   */
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65_535).default(4096),
  /** Public origin used in links sent by email; never taken from the request's Host header. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL connections per instance, besides the pool, that pipeline the quick reads (a row by id, a token's account); 0: none, they use the pool. */
  DATABASE_READ_CONNECTIONS: z.coerce.number().int().min(0).max(32).default(2),
  /** Longest a statement may run or wait on PostgreSQL before it is cancelled and the request answers 503. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9_-]{2,64}$/, "lowercase letters, digits, - or _")
    .default("rescue-academy"),
  PROJECT_SECRET: z.string().min(8, "must be at least 8 characters").default("local-project-secret"),
  /** HS256 signing key; at least 32 bytes. When unset, one is generated and kept in the database. */
  JWT_SECRET: z
    .string()
    .min(32, "must be at least 32 characters (256 bits)")
    .refine((s) => !KNOWN_WEAK_SECRETS.has(s.toLowerCase()), "is a well-known default")
    .optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .default(3600),
  ADMIN_EMAIL: z.email().default("admin@rescue-academy.local"),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  DEMO_USER_EMAIL: z.email().default("candidate@rescue-academy.local"),
  DEMO_USER_PASSWORD: z.string().min(8).max(128).optional(),
  /** Time allowed for requests in flight to finish after SIGTERM. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `pretty`: one readable line per entry; `json`: one JSON object per line. Unset: pretty in development on a terminal, else JSON. */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /** Proxy addresses whose X-Forwarded-For is trusted (comma-separated IPs or CIDRs). */
  TRUST_PROXY: z.string().optional(),
  /** smtp:// or smtps:// URL of the mail server; unset: mails stay in the outbox and the log shows them. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default("Rescue Academy <no-reply@rescue-academy.local>"),
  /** Where uploaded files are kept; default DATA_DIR/uploads. */
  UPLOAD_DIR: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  /** Library search pages each instance keeps for repeated searches (0 keeps none); a library change empties them. */
  LIBRARY_SEARCH_CACHE_PAGES: z.coerce.number().int().min(0).max(100_000).default(500),
  /** Name of the bucket uploads go to; setting it switches the file store from UPLOAD_DIR to S3. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens")
    .optional(),
  /** An S3-compatible service's URL (MinIO, R2, Spaces…); unset: Amazon S3 itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, "must be a region name such as eu-west-1 (or auto)")
    .default("us-east-1"),
  /** Static keys; both or neither (neither: the SDK's own credential chain, e.g. an instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  /** Address buckets as endpoint/bucket rather than bucket.endpoint (most self-hosted services need it). */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0"], "must be true or false")
    .transform((v) => v === "true" || v === "1")
    .default(false),
  /** reCAPTCHA secret for google-captcha; unset: the captcha check is off and answers success. */
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
  /**
   * Staff accounts must turn on two-factor sign-in before any other call works. Off: an admin
   * signs in with a password alone and may leave two-factor sign-in off (not for production).
   */
  ADMIN_2FA_REQUIRED: z
    .enum(["true", "false", "1", "0"], "must be true or false")
    .transform((v) => v === "true" || v === "1")
    .default(true),
  /** Sign-in attempts allowed per minute for one address and email (the security default is 5). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Days a recorded session is kept after its last batch; a job deletes older sessions and events. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days an activity-log entry (what staff changed) is kept; an hourly job deletes older ones. */
  ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Hours between backups of the embedded database to the file store (0: none). PostgreSQL is backed up with its own tools. */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Backups kept: the oldest beyond this number are deleted after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Session-analytics batches one person may send a minute (429 over it). */
  ANALYTICS_INGEST_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Sign-ups allowed per hour from one address (an admin creating accounts is not counted). */
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** How long a long poll (`room/poll`, `subscription/channel/poll`) waits for news before it answers 408. */
  REALTIME_POLL_HOLD_MS: z.coerce.number().int().min(10).max(60_000).default(25_000),
  /** Long polls and streams one instance holds at once; past it a new one answers 429. */
  REALTIME_MAX_POLLS: z.coerce.number().int().min(1).max(100_000).default(5_000),
  /** Long polls and streams one user holds at once (several tabs); past it a new one answers 429. */
  REALTIME_MAX_POLLS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(4),
  /** `redis://…`: carry realtime news between instances over Redis pub/sub instead of PostgreSQL LISTEN/NOTIFY. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  /** Chat messages (and channel sends) one user may send per 10 seconds. */
  CHAT_SEND_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /** How long a chat message stays unread before its recipient gets one mail about it. */
  CHAT_EMAIL_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000)
    .default(600_000),
  /** The card provider's secret API key; when unset, the built-in test-mode provider is used. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, "must be a secret key (sk_test_..., sk_live_... or rk_...)")
    .optional(),
  /** Signing secret of the webhook endpoint (whsec_...); webhooks are refused without it. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/, "must be a webhook signing secret (whsec_...)")
    .optional(),
  /** Another base URL for the card provider's API (a local server shaped like it, in tests). */
  STRIPE_API_BASE: z.url().optional(),
  /** ISO currency of every price, lowercase. */
  PAYMENTS_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/, "must be a lowercase ISO 4217 code such as eur")
    .default("eur"),
  /** An OpenAI-compatible API (…/v1) that writes the study assistant's answers; unset: the built-in extractive answerer. */
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  /** The chat model of AI_BASE_URL. */
  AI_MODEL: z.string().min(1).max(200).default("gpt-4o-mini"),
  /** The speech-to-text model of AI_BASE_URL (gpt-transcribe). */
  AI_TRANSCRIBE_MODEL: z.string().min(1).max(200).default("whisper-1"),
  /** How long a call to AI_BASE_URL may take before it counts as failed (the built-in answerer answers instead). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(15_000),
  /** Where `google-calendar-event` puts coaching sessions; unset: nowhere (the call answers 503). */
  CALENDAR_PROVIDER: z.enum(["google"]).optional(),
  /** Google Calendar's API (another base URL: a local server shaped like it, in tests). */
  GOOGLE_CALENDAR_API_URL: z.url().default("https://www.googleapis.com/calendar/v3"),
});

/**
 * `trustEmail`: the provider's email counts as verified when it never says (no
 * `email_verified` claim at all); an explicit `email_verified: false` is still refused.
 */
export type OidcProvider = { name: string; issuer: string; clientId: string; clientSecret: string; trustEmail: boolean };

export type S3Storage = {
  kind: "s3";
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};
/** Where uploaded files are kept: a local folder, or an S3-compatible bucket. */
export type StorageConfig = { kind: "local"; dir: string } | S3Storage;

export type Config = z.infer<typeof ConfigSchema> & {
  publicUrl: string;
  uploadDir: string;
  storage: StorageConfig;
  /** OpenID Connect providers from OIDC_<NAME>_ISSUER / _CLIENT_ID / _CLIENT_SECRET, by lowercase name. */
  oidcProviders: Record<string, OidcProvider>;
};

const OIDC_KEY = /^OIDC_([A-Z0-9]{1,32})_(ISSUER|CLIENT_ID|CLIENT_SECRET|TRUST_EMAIL)$/;
type OidcPart = "ISSUER" | "CLIENT_ID" | "CLIENT_SECRET" | "TRUST_EMAIL";

function readOidcProviders(env: NodeJS.ProcessEnv): { providers: Record<string, OidcProvider>; problems: string[] } {
  const found: Record<string, Partial<Record<OidcPart, string>>> = {};
  for (const [key, value] of Object.entries(env)) {
    const match = OIDC_KEY.exec(key);
    if (!match || !value) continue;
    const [, name, part] = match as unknown as [string, string, OidcPart];
    found[name] = { ...found[name], [part]: value };
  }
  const providers: Record<string, OidcProvider> = {};
  const problems: string[] = [];
  for (const [name, parts] of Object.entries(found)) {
    const missing = (["ISSUER", "CLIENT_ID", "CLIENT_SECRET"] as const).filter((p) => !parts[p]);
    if (missing.length) {
      problems.push(`  OIDC_${name}: also set ${missing.map((p) => `OIDC_${name}_${p}`).join(", ")}`);
      continue;
    }
    if (!z.url().safeParse(parts.ISSUER).success) {
      problems.push(`  OIDC_${name}_ISSUER: must be a URL`);
      continue;
    }
    if (parts.TRUST_EMAIL !== undefined && !["true", "false"].includes(parts.TRUST_EMAIL)) {
      problems.push(`  OIDC_${name}_TRUST_EMAIL: must be true or false`);
      continue;
    }
    providers[name.toLowerCase()] = {
      name: name.toLowerCase(),
      issuer: parts.ISSUER!,
      clientId: parts.CLIENT_ID!,
      clientSecret: parts.CLIENT_SECRET!,
      trustEmail: parts.TRUST_EMAIL === "true",
    };
  }
  return { providers, problems };
}

const S3_SETTINGS = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;

/** Settings that only make sense together: the bucket with its options, and both halves of a key. */
function s3Problems(env: NodeJS.ProcessEnv): string[] {
  const isSet = (key: string) => Boolean(env[key]);
  const problems: string[] = [];
  const orphans = S3_SETTINGS.filter(isSet);
  if (!isSet("S3_BUCKET") && orphans.length) problems.push(`  S3_BUCKET: required when ${orphans.join(", ")} is set`);
  if (isSet("S3_ACCESS_KEY_ID") !== isSet("S3_SECRET_ACCESS_KEY"))
    problems.push(
      isSet("S3_ACCESS_KEY_ID")
        ? "  S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID"
        : "  S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY",
    );
  return problems;
}

function storageOf(c: z.infer<typeof ConfigSchema>, uploadDir: string): StorageConfig {
  if (!c.S3_BUCKET) return { kind: "local", dir: uploadDir };
  return {
    kind: "s3",
    bucket: c.S3_BUCKET,
    region: c.S3_REGION,
    ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
    ...(c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY } }
      : {}),
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in ConfigSchema.shape && value !== ""));
  const parsed = ConfigSchema.safeParse(values);
  const oidc = readOidcProviders(env);
  const s3 = s3Problems(values);
  if (!parsed.success || oidc.problems.length || s3.length) {
    const lines = [...(parsed.error?.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`) ?? []), ...oidc.problems, ...s3];
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const uploadDir = c.UPLOAD_DIR ?? `${c.DATA_DIR}/uploads`;
  return {
    ...c,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    uploadDir,
    storage: storageOf(c, uploadDir),
    oidcProviders: oidc.providers,
  };
}

/** A person reading a terminal gets readable lines; a log collector (no terminal, or production) gets JSON. */
export const logFormat = (config: Pick<Config, "LOG_FORMAT" | "NODE_ENV">, isTerminal = process.stdout.isTTY === true) =>
  config.LOG_FORMAT ?? (config.NODE_ENV === "development" && isTerminal ? "pretty" : "json");
