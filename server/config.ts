import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";

/** Every setting the shop reads from its environment. Listed in the README and .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must be a postgres:// URL")
    .optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  SHOP_NAME: z.string().min(1).default("Volt & Thread"),
  SHOP_ADMIN_EMAIL: z.email().optional(),
  SHOP_ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_MODE: z.enum(["true", "false", "1", "0"]).optional(),
  SEED_ON_EMPTY: z.enum(["true", "false", "1", "0"]).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DISCOVERY_URL: z.url().optional(),
  TRUST_PROXY: z.enum(["true", "false", "1", "0"]).optional(),
  RATE_LIMIT: z.enum(["true", "false", "1", "0"]).optional(),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(5 * 1024 * 1024),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  shopName: string;
  admin: { email: string; password: string } | undefined;
  demoMode: boolean;
  seedOnEmpty: boolean;
  google: { clientId: string; clientSecret: string; discoveryUrl: string | undefined } | undefined;
  trustProxy: boolean;
  rateLimit: boolean;
  maxUploadBytes: number;
  logLevel: string;
};

const flag = (v: string | undefined) => (v === undefined ? undefined : v === "true" || v === "1");

export class ConfigError extends Error {}

/** Reads and validates the environment. Throws ConfigError with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  if (production && !e.AUTH_SECRET) {
    throw new ConfigError("Invalid configuration:\n  AUTH_SECRET: required in production (at least 32 characters)");
  }
  if ((e.SHOP_ADMIN_EMAIL && !e.SHOP_ADMIN_PASSWORD) || (!e.SHOP_ADMIN_EMAIL && e.SHOP_ADMIN_PASSWORD)) {
    throw new ConfigError("Invalid configuration:\n  SHOP_ADMIN_EMAIL and SHOP_ADMIN_PASSWORD go together");
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError("Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together");
  }

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET ?? developmentSecret(dataDir),
    shopName: e.SHOP_NAME,
    admin: e.SHOP_ADMIN_EMAIL && e.SHOP_ADMIN_PASSWORD ? { email: e.SHOP_ADMIN_EMAIL, password: e.SHOP_ADMIN_PASSWORD } : undefined,
    // Demo mode (demo accounts, credential hint on the login page) is on by default only outside production.
    demoMode: flag(e.DEMO_MODE) ?? !production,
    seedOnEmpty: flag(e.SEED_ON_EMPTY) ?? true,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, discoveryUrl: e.GOOGLE_DISCOVERY_URL }
        : undefined,
    trustProxy: flag(e.TRUST_PROXY) ?? false,
    rateLimit: flag(e.RATE_LIMIT) ?? e.NODE_ENV !== "test",
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    logLevel: e.LOG_LEVEL,
  };
}

/** Outside production a missing secret is generated once and kept in the data folder. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "secrets.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { authSecret?: string };
    if (stored.authSecret) return stored.authSecret;
  }
  const authSecret = randomBytes(32).toString("base64url");
  writeFileSync(file, JSON.stringify({ authSecret }, null, 2), { mode: 0o600 });
  return authSecret;
}
