import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { aiPlatforms, isDemoPlatform } from "~/lib/ai-platforms";
import { AppError } from "~/modules/http/errors.server";

const optionalText = z.string().trim().min(1).optional();
const optionalUrl = (schemes: string[], label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isUrlWithScheme(value, schemes), {
      message: `must be a ${label} URL (${schemes.map((s) => `${s}//`).join(" or ")}...)`,
    });

function isUrlWithScheme(value: string, schemes: string[]) {
  try {
    const url = new URL(value);
    return schemes.includes(url.protocol) && Boolean(url.hostname || url.pathname);
  } catch {
    return false;
  }
}

/** Express's names for private address ranges, which a list of proxies may use beside addresses. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const TRUST_PROXY_RULE =
  "must be a number of proxies in front of the app (1, 2, …) or a comma-separated list of their addresses (10.0.0.2, 10.0.0.0/8, loopback)";

function isProxyAddress(value: string) {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = "", prefix, ...rest] = value.split("/");
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Which peers' X-Forwarded-* headers are believed (Express's `trust proxy`): none unless set, since
 * a forged X-Forwarded-For would otherwise pick the client address every per-address limit counts.
 * A number trusts that many proxies in front of the app; a list trusts the proxies at those addresses.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): number | string[] | false => {
    if (!value || value === "0") return false;
    if (/^\d+$/.test(value)) return Number(value);
    const proxies = value.split(",").map((item) => item.trim());
    if (proxies.every(isProxyAddress)) return proxies;
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_RULE });
    return z.NEVER;
  });

const platformVariables = Object.fromEntries(
  aiPlatforms
    .filter((platform) => !isDemoPlatform(platform.id))
    .flatMap((platform) => [
      [
        `${platform.envPrefix}_API_KEY`,
        z
          .string()
          .trim()
          .optional()
          .transform((v) => v || undefined),
      ],
      [`${platform.envPrefix}_BASE_URL`, optionalUrl(["http:", "https:"], "http(s)")],
    ]),
);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: optionalUrl(["http:", "https:"], "http(s)"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalUrl(["postgres:", "postgresql:"], "PostgreSQL"),
    SESSION_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: optionalUrl(["smtp:", "smtps:"], "SMTP"),
    MAIL_FROM: z.string().trim().default("CharacterVerse <no-reply@localhost>"),
    S3_BUCKET: optionalText,
    S3_REGION: z.string().trim().default("us-east-1"),
    S3_ENDPOINT: optionalUrl(["http:", "https:"], "http(s)"),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_URL: optionalUrl(["http:", "https:"], "http(s)"),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    // Google's endpoints; tests point them at a local OAuth2 server.
    GOOGLE_AUTHORIZATION_URL: z.string().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
    GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
    GOOGLE_USERINFO_URL: z.string().url().default("https://openidconnect.googleapis.com/v1/userinfo"),
    ADMIN_EMAIL: z.string().trim().toLowerCase().email().optional(),
    // Where new support tickets and characters waiting for review are mailed: one address or a
    // comma-separated list; unset, every admin.
    SUPPORT_EMAIL: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((address) => address.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().email("must be an e-mail address or a comma-separated list of them"))),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    // What one person's chat attachments may take in storage, in MB.
    CHAT_STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(500),
    TRUST_PROXY: trustProxy,
    // fal's own name for its key (FAL_API_KEY works too); FAL_BASE_URL is its queue API.
    FAL_KEY: optionalText,
    // Where fal publishes the keys its webhooks are signed with; tests point it at the fake.
    FAL_JWKS_URL: z.string().url().default("https://rest.alpha.fal.ai/.well-known/jwks.json"),
    // auto: webhooks when APP_URL is public, else polling only.
    FAL_WEBHOOKS: z.enum(["auto", "on", "off"]).default("auto"),
    // A media job not finished by then is given up and its tokens given back.
    MEDIA_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    // How often a job waiting without a webhook is asked about (a webhook job is asked MEDIA_WEBHOOK_FALLBACK_MS later).
    MEDIA_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
    MEDIA_WEBHOOK_FALLBACK_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    // How long a claimed job stays with the instance that claimed it before another may take it over.
    MEDIA_JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    // Steps mostly wait on the provider and the database, so an instance keeps many in hand.
    MEDIA_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(32),
    // How often an idle worker looks for due jobs.
    MEDIA_WORKER_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(500),
    MEDIA_WORKER: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
    // The demo provider's "generation" time.
    MEDIA_DEMO_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
    SEED_ON_START: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
    ...platformVariables,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    }
  });

export type Env = z.infer<typeof envSchema> & {
  APP_URL: string;
  SESSION_SECRET: string;
  DATA_DIR: string;
};

/** Whether a platform can be called: the demo needs nothing, the others need their key (ollama none). */
export function isPlatformConfigured(platformId: string, config: Env = env()) {
  const platform = aiPlatforms.find((candidate) => candidate.id === platformId);
  if (!platform) return false;
  if (!platform.needsKey) return true;
  return Boolean((config as Record<string, unknown>)[`${platform.envPrefix}_API_KEY`]);
}

/** The environment cannot configure the app; the message names every problem on one line. */
export class ConfigError extends AppError {
  constructor(message: string) {
    super("invalid-configuration", 500, message);
  }
}

/** Parses the environment; the error message is one readable line per problem. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // `NAME=` in a .env file (as .env.example has) means "not set", so the default applies.
  const provided = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""));
  const result = envSchema.safeParse(provided);
  if (!result.success) {
    const reasons = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${reasons.join("; ")}`);
  }
  const parsed = result.data;
  const dataDir = path.resolve(parsed.DATA_DIR);
  const config: Env = {
    ...parsed,
    DATA_DIR: dataDir,
    APP_URL: (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
    SESSION_SECRET: parsed.SESSION_SECRET ?? loadOrCreateLocalSecret(dataDir),
  };
  // fal's own variable name configures the fal platform like FAL_API_KEY does.
  const platformKeys = config as Record<string, unknown>;
  platformKeys.FAL_API_KEY ??= config.FAL_KEY;
  return config;
}

/** Outside production a secret is generated once and kept beside the data it protects. */
function loadOrCreateLocalSecret(dataDir: string) {
  const file = path.join(dataDir, "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    loadDotEnvFile();
    cached = parseEnv(process.env);
  }
  return cached;
}

/**
 * Reads ./.env for the server and the CLI scripts alike; variables already set win. Tests never
 * read a developer's .env.
 */
export function loadDotEnvFile() {
  if (process.env.NODE_ENV === "test") return;
  try {
    process.loadEnvFile();
  } catch {
    // No .env file: the environment alone configures the app.
  }
}

/** Tests change the environment between cases. */
export function resetEnvForTests() {
  cached = undefined;
}

/**
 * Payments exist only when a Stripe key is configured; without one nothing pretends to work. In
 * config (not payments/) because the token ledger's refusals say whether buying is possible.
 */
export function isPaymentsConfigured() {
  return Boolean(env().STRIPE_SECRET_KEY);
}

/** Settings that turn payments on (README, Configuration). Named to admins from the server: the browser's code names no secret setting. */
const PAYMENT_SETTINGS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"];

/** The settings an admin is told to set while payments are off, or null while they are on. */
export function paymentsOffSettings(): string[] | null {
  return isPaymentsConfigured() ? null : PAYMENT_SETTINGS;
}
