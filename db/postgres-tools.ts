import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/** Where Debian installs each PostgreSQL version's programs (/usr/lib/postgresql/<version>/bin). */
export const POSTGRES_LIB = "/usr/lib/postgresql";

/**
 * The bin folder of the newest PostgreSQL installed here that has `program`, or undefined.
 * `PG_BIN_DIR` chooses one instead (pg_dump must be at least as new as the server it dumps).
 */
export function postgresBinDir(program: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PG_BIN_DIR) return env.PG_BIN_DIR;
  if (!existsSync(POSTGRES_LIB)) return undefined;
  const versions = readdirSync(POSTGRES_LIB)
    .filter((v) => existsSync(path.join(POSTGRES_LIB, v, "bin", program)))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(POSTGRES_LIB, versions[0], "bin") : undefined;
}

/** A PostgreSQL program's path: from postgresBinDir, else whatever PATH finds. */
export function postgresProgram(program: string, env: NodeJS.ProcessEnv = process.env): string {
  const dir = postgresBinDir(program, env);
  return dir ? path.join(dir, program) : program;
}

/**
 * A postgres:// URL as libpq environment variables, so that the password never appears on a
 * command line (where `ps` would show it).
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(url.hostname.replace(/^\[|\]$/g, "")) || "localhost",
    PGPORT: url.port || "5432",
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  // a socket folder given as ?host=/run/postgresql
  const host = url.searchParams.get("host");
  if (host) env.PGHOST = host;
  return env;
}
