import { betterAuth } from "better-auth";
import { admin, bearer, genericOAuth } from "better-auth/plugins";
import type { DatabaseHandle } from "../db/connection.ts";
import { toBool } from "../db/dialect.ts";
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
    account: {
      accountLinking: {
        enabled: true,
        // A Google sign-in joins the existing account with the same email only when Google says it
        // verified that address (email_verified): Google is deliberately not a "trusted provider",
        // which would link even unverified addresses.
        trustedProviders: [],
        // The shop does not verify emails at sign-up, so its password accounts are never
        // "verified" and Better Auth would refuse to link them. The hook below makes the link safe.
        // (Deprecated option: Better Auth plans to make the check unconditional, at which point
        // sign-up needs email verification.)
        requireLocalEmailVerified: false,
      },
    },
    databaseHooks: {
      account: {
        create: {
          // When Google (which verified the address) joins an account whose email we never verified,
          // whoever registered that password may not own the address: the password and every
          // earlier session go, and the verified owner keeps the account and its data. (The same
          // rule as Firebase's for unverified password accounts.)
          after: async (account) => {
            if (account.providerId !== "google") return;
            const user = await database.db.selectFrom("user").select("emailVerified").where("id", "=", account.userId).executeTakeFirst();
            if (!user || toBool(user.emailVerified)) return;
            await database.db.deleteFrom("account").where("userId", "=", account.userId).where("providerId", "=", "credential").execute();
            await database.db.deleteFrom("session").where("userId", "=", account.userId).execute();
          },
        },
      },
    },
    // Failures on the way back from the provider (expired state, …) land on the sign-in page,
    // which turns ?error= into a sentence, instead of Better Auth's own error page.
    onAPIError: { errorURL: `${config.publicUrl}/login` },
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
                  // a redirect flow (never a popup): the provider's consent, then /api/auth/callback/google
                  mapProfileToUser: (profile) => {
                    const email = typeof profile.email === "string" ? profile.email : "";
                    const name = [profile.name, [profile.given_name, profile.family_name].filter(Boolean).join(" "), email.split("@")[0]]
                      .map((v) => (typeof v === "string" ? v.trim() : ""))
                      .find(Boolean);
                    return { name: name ?? "Customer", image: typeof profile.picture === "string" ? profile.picture : undefined };
                  },
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
