import { betterAuth } from "better-auth";
import { admin, bearer, genericOAuth } from "better-auth/plugins";
import type { DatabaseHandle } from "../db/connection.ts";
import { setRole } from "../domain/accounts/index.ts";
import { type Actor, actorFor, type Role } from "../domain/shared/actor.ts";
import type { Config } from "./config.ts";
import { CLIENT_IP_HEADER } from "./http/client-ip.ts";

const GOOGLE_DISCOVERY = "https://accounts.google.com/.well-known/openid-configuration";

/**
 * Better Auth, mounted at /api/auth: email and password, Google through OpenID Connect when
 * configured, sessions in the database behind an httpOnly cookie, bearer tokens for other clients,
 * an admin role, and rate limits kept in the database (so several processes share them).
 */
export function createAuth(config: Config, database: DatabaseHandle) {
  return betterAuth({
    appName: config.shopName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: { db: database.db, type: database.engine },
    trustedOrigins: [config.publicUrl],
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      bearer(),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: config.google.discoveryUrl ?? GOOGLE_DISCOVERY,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    rateLimit: {
      enabled: config.rateLimit,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 10 },
      },
    },
    advanced: {
      // Better Auth turns its origin/CSRF check off when NODE_ENV=test (or TEST is set); keep it on
      // everywhere, so that the check the tests exercise is the one production runs.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: { disabled: config.env === "test" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Who sent this request: from the session cookie or a bearer token. */
export async function actorFromHeaders(auth: Auth, headers: Headers): Promise<Actor> {
  const session = await auth.api.getSession({ headers });
  if (!session) return actorFor(null);
  const u = session.user as typeof session.user & { role?: string | null };
  const role: Role = u.role === "admin" ? "admin" : "user";
  return actorFor({ id: u.id, email: u.email, name: u.name, image: u.image ?? null, role });
}

/** Creates the account with this email, or promotes it, as an admin (SHOP_ADMIN_EMAIL at start-up, demo admin). */
export async function ensureAccount(
  auth: Auth,
  database: DatabaseHandle,
  account: { email: string; password: string; name: string; role: Role },
): Promise<void> {
  const email = account.email.toLowerCase();
  const existing = await database.db.selectFrom("user").select(["id", "role"]).where("email", "=", email).executeTakeFirst();
  if (!existing) {
    await auth.api.signUpEmail({ body: { email, password: account.password, name: account.name } });
  }
  if (account.role === "admin" && existing?.role !== "admin") await setRole(database.db, email, "admin");
}
