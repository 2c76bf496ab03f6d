import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "../domain/accounts/schemas.ts";
import { DEFAULT_MAX_UPLOAD_BYTES } from "../domain/media/upload-rules.ts";
import { MEDIA_PATH } from "../domain/media/urls.ts";

const flagValue = z.enum(["true", "false", "1", "0"]);

/** Every setting the shop reads from its environment. Listed in the README and .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "PUBLIC_URL must be an http:// or https:// URL" }).optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must be a postgres:// URL")
    .optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  SHOP_NAME: z.string().min(1).default("Volt & Thread"),
  SHOP_ADMIN_EMAIL: z.email().optional(),
  SHOP_ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `SHOP_ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .optional(),
  DEMO_MODE: flagValue.optional(),
  SEED_ON_EMPTY: flagValue.optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DISCOVERY_URL: z.url().optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|1|0|[1-9])$/, "TRUST_PROXY must be true, false, or the number of proxies in front (1-9)")
    .optional(),
  RATE_LIMIT: flagValue.optional(),
  SMTP_URL: z
    .string()
    .refine(
      (v) => /^smtps?:\/\/[^/?#\s]+/i.test(v) && URL.canParse(v),
      "SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com:465",
    )
    .optional(),
  MAIL_FROM: z.string().optional(),
  SHOP_EMAIL: z.email("SHOP_EMAIL must be an email address").optional(),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_UPLOAD_BYTES),
  RESPONSE_CACHE_MB: z.coerce.number().min(0).max(4096).default(16),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHOP_CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "SHOP_CURRENCY must be a three-letter ISO 4217 code such as USD or EUR")
    .transform((v) => v.toUpperCase())
    .default("USD"),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, "STRIPE_SECRET_KEY must start with sk_ or rk_")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(
      /^whsec_.{16,}$/,
      "STRIPE_WEBHOOK_SECRET must be whsec_ followed by the secret Stripe gives (16 characters or more)",
    )
    .optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http:// or https:// URL" }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flagValue.optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: "S3_PUBLIC_URL must be an http:// or https:// URL" }).optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
});

/** Where processed images are kept: the data folder, or an S3-compatible bucket. */
export type MediaConfig =
  | { store: "disk"; dir: string }
  | {
      store: "s3";
      bucket: string;
      region: string;
      /** an S3-compatible service's address; AWS's own when left out */
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** left out: the AWS SDK's usual chain (instance role, AWS_* variables, shared files) */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  shopName: string;
  /** the first admin: created (or taken over) at start-up; the password may be left out once it exists */
  admin: { email: string; password: string | undefined } | undefined;
  demoMode: boolean;
  seedOnEmpty: boolean;
  google: { clientId: string; clientSecret: string; discoveryUrl: string | undefined } | undefined;
  /** how many proxies in front of the shop append to X-Forwarded-For (0: use the socket's peer) */
  trustedProxyHops: number;
  rateLimit: boolean;
  mail: MailConfig;
  maxUploadBytes: number;
  maxBodyBytes: number;
  /** the store of anonymous catalogue answers and pages, per process (RESPONSE_CACHE_MB; 0: none) */
  responseCacheBytes: number;
  logLevel: string;
  currency: string;
  /** Stripe Checkout, when both keys are set; `apiBase` points the SDK at another server (tests) */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  media: MediaConfig;
  /** the base of image URLs: the shop's own /media, or S3_PUBLIC_URL (a CDN or the bucket's public address) */
  mediaBaseUrl: string;
  /** after SIGTERM, how long /readyz answers 503 while requests are still served (so a balancer can let go) */
  shutdownGraceMs: number;
  /** /metrics: with a bearer token on the shop's port, and/or without one on an internal port */
  metrics: { token: string | undefined; port: number | undefined; host: string };
};

export type MailConfig = {
  /** where mail goes; without it mail is kept in the outbox and shown to admins (the preview) */
  smtpUrl: string | undefined;
  /** the sender of every mail */
  from: { name: string; address: string };
  /** where contact-form messages go */
  shopEmail: string;
};

/** `Name <address>` or a bare address, as MAIL_FROM is written. */
function parseMailFrom(value: string, fallbackName: string): { name: string; address: string } | undefined {
  if (/[\r\n]/.test(value)) return undefined;
  const named = /^\s*"?([^"<>]*?)"?\s*<([^\s<>@]+@[^\s<>@]+)>\s*$/.exec(value);
  if (named) return { name: named[1].trim() || fallbackName, address: named[2].toLowerCase() };
  const bare = /^\s*([^\s<>@"]+@[^\s<>@"]+)\s*$/.exec(value);
  return bare ? { name: fallbackName, address: bare[1].toLowerCase() } : undefined;
}

const flag = (v: string | undefined) => (v === undefined ? undefined : v === "true" || v === "1");

export class ConfigError extends Error {}

/** A start-up problem the operator must fix (a missing bucket, an admin without a password); the message says what and how. */
export class StartupError extends Error {}

/** Reads and validates the environment. Throws ConfigError with every problem listed, one per line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw configError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const problems: string[] = [];
  if (production && !e.AUTH_SECRET) {
    problems.push("AUTH_SECRET: required in production (32+ random characters, e.g. `openssl rand -base64 32`)");
  }
  if (production && !e.PUBLIC_URL) {
    problems.push("PUBLIC_URL: required in production (the shop's public address, e.g. https://shop.example.com)");
  }
  if (e.SHOP_ADMIN_PASSWORD && !e.SHOP_ADMIN_EMAIL) {
    problems.push("SHOP_ADMIN_PASSWORD: set SHOP_ADMIN_EMAIL too (the account it is for)");
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    problems.push("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both (card payments) or neither");
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither");
  }
  const s3Settings = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const;
  const s3Given = s3Settings.filter((k) => e[k] !== undefined);
  if (!e.S3_BUCKET && s3Given.length) {
    problems.push(`S3_BUCKET: required with ${s3Given.join(", ")} (the bucket images are kept in)`);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither");
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    problems.push("METRICS_PORT: must differ from PORT (it is a separate, internal listener)");
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const from = e.MAIL_FROM
    ? parseMailFrom(e.MAIL_FROM, e.SHOP_NAME)
    : { name: e.SHOP_NAME, address: `shop@${new URL(publicUrl).hostname}` };
  if (!from) problems.push('MAIL_FROM: write it as "Shop Name <shop@example.com>" or shop@example.com');
  if (problems.length || !from) throw configError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const trustProxy = e.TRUST_PROXY ?? "false";
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // a shop started without configuration is a local demo: reachable from this machine only
    host: e.HOST ?? "127.0.0.1",
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET ?? developmentSecret(dataDir),
    shopName: e.SHOP_NAME,
    admin: e.SHOP_ADMIN_EMAIL
      ? { email: e.SHOP_ADMIN_EMAIL.toLowerCase(), password: e.SHOP_ADMIN_PASSWORD }
      : undefined,
    demoMode: flag(e.DEMO_MODE) ?? !production,
    seedOnEmpty: flag(e.SEED_ON_EMPTY) ?? !production,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, discoveryUrl: e.GOOGLE_DISCOVERY_URL }
        : undefined,
    trustedProxyHops: /^\d$/.test(trustProxy) ? Number(trustProxy) : trustProxy === "true" ? 1 : 0,
    rateLimit: flag(e.RATE_LIMIT) ?? e.NODE_ENV !== "test",
    mail: {
      smtpUrl: e.SMTP_URL,
      from,
      // the operator's own address is a real inbox; the contact page's address is only words on a page
      shopEmail: (e.SHOP_EMAIL ?? e.SHOP_ADMIN_EMAIL ?? from.address).toLowerCase(),
    },
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    maxBodyBytes: e.MAX_BODY_BYTES,
    responseCacheBytes: Math.round(e.RESPONSE_CACHE_MB * 1024 * 1024),
    logLevel: e.LOG_LEVEL,
    currency: e.SHOP_CURRENCY,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : undefined,
    media: e.S3_BUCKET
      ? {
          store: "s3",
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? "us-east-1",
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: flag(e.S3_FORCE_PATH_STYLE) ?? false,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { store: "disk", dir: path.join(dataDir, "media") },
    mediaBaseUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, "") ?? MEDIA_PATH,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
  };
}

function configError(problems: string[]): ConfigError {
  return new ConfigError(
    `The shop cannot start: its configuration has ${problems.length === 1 ? "a problem" : "problems"}.\n${problems
      .map((p) => `  - ${p}`)
      .join("\n")}`,
  );
}

/**
 * Outside production a missing secret is generated once and kept in the data folder. Two shops
 * starting together on one folder agree on it: see keepFirstSecret.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "secrets.json");
  return readSecret(file) ?? keepFirstSecret(file, randomBytes(32).toString("base64url"));
}

/**
 * Stores `secret` in `file` unless a secret is there already, and answers the one that is kept. The
 * file appears whole and only once: written aside, then hard-linked into place, which fails when
 * another process was first — and then that process's secret is the one (never replaced: a shop that
 * started with it already signs sessions with it).
 */
export function keepFirstSecret(file: string, secret: string): string {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(aside, JSON.stringify({ authSecret: secret }, null, 2), { mode: 0o600 });
  try {
    linkSync(aside, file);
    return secret;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    rmSync(aside, { force: true });
  }
  const kept = readSecret(file);
  if (!kept) {
    throw new ConfigError(
      `The shop cannot start: ${file} holds no authSecret. Remove the file (a new secret is made) or set AUTH_SECRET.`,
    );
  }
  return kept;
}

function readSecret(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const { authSecret } = JSON.parse(readFileSync(file, "utf8")) as { authSecret?: unknown };
    return typeof authSecret === "string" && authSecret ? authSecret : undefined;
  } catch {
    return undefined; // not JSON: keepFirstSecret says so
  }
}
