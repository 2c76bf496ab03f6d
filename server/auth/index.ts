import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin, bearer, genericOAuth } from "better-auth/plugins";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../../db/connection.ts";
import {
  accountUpdateInput,
  markEmailVerified,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  signUpInput,
} from "../../domain/accounts/index.ts";
import * as mail from "../../domain/mail/index.ts";
import { type Actor, actorFor, type Role } from "../../domain/shared/actor.ts";
import { fieldErrorsOf } from "../../domain/shared/validation.ts";
import type { Config } from "../config.ts";
import { CLIENT_IP_HEADER } from "../http/client-ip.ts";
import { type PasswordHasher, passwordHasher } from "./password.ts";

const GOOGLE_DISCOVERY = "https://accounts.google.com/.well-known/openid-configuration";

/** Better Auth's per-address limits (requests per minute) on the endpoints worth guessing at or that send mail. */
export const ADDRESS_LIMITS = {
  "/sign-in/email": { window: 60, max: 10 },
  "/sign-up/email": { window: 60, max: 10 },
  "/request-password-reset": { window: 60, max: 5 },
  "/reset-password": { window: 60, max: 10 },
  "/change-password": { window: 60, max: 10 },
  "/send-verification-email": { window: 60, max: 5 },
};

/** A password-reset link works once, for an hour. */
export const RESET_LINK_HOURS = 1;
/** An address-confirmation link works for a day (the account works meanwhile). */
export const VERIFICATION_LINK_HOURS = 24;

/** Where a password-reset mail sends the customer: the shop's own page, with the token in the path. */
export const resetPasswordPageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password/${encodeURIComponent(token)}`;

/** The page an address-confirmation link lands on (Better Auth adds ?error= when the link is no good). */
export const EMAIL_VERIFIED_PATH = "/email-verified";

/**
 * Better Auth, mounted at /api/auth: email and password, Google through OpenID Connect when
 * configured, sessions in the database behind an httpOnly cookie, bearer tokens for other clients,
 * an admin role, and rate limits kept in the database (so several processes share them).
 */
export function createAuth(
  config: Config,
  database: DatabaseHandle,
  log?: Logger,
  password: PasswordHasher = passwordHasher(),
) {
  const mailCtx = { db: database.db, shop: { name: config.shopName, publicUrl: config.publicUrl } };
  // Better Auth answers the same whatever happens here (and logs nothing in tests): say it in the shop's log.
  const enqueue = async (request: mail.MailRequest) => {
    try {
      await mail.enqueue(mailCtx, request);
    } catch (err) {
      log?.error({ err, kind: request.kind }, "could not queue a mail");
      throw err;
    }
  };
  return betterAuth({
    appName: config.shopName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: { db: database.db, type: database.engine },
    trustedOrigins: [config.publicUrl],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 3600,
      revokeSessionsOnPasswordReset: true,
      // Called only for an address that has an account; the answer is the same either way. The link
      // opens the shop's page, whatever redirectTo the request named.
      sendResetPassword: async ({ user, token }) => {
        await enqueue({
          kind: "password-reset",
          to: user.email,
          data: {
            name: user.name,
            url: resetPasswordPageUrl(config.publicUrl, token),
            validForHours: RESET_LINK_HOURS,
          },
        });
      },
      // the link came by mail: whoever used it controls the address
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified) await markEmailVerified({ db: database.db }, user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_HOURS * 3600,
      sendVerificationEmail: async ({ user, token }, request) => {
        // accounts the shop makes itself (the first admin, demo accounts) are marked verified instead
        if (!request) return;
        const landing = `${config.publicUrl}${EMAIL_VERIFIED_PATH}`;
        const url = `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(landing)}`;
        await enqueue({
          kind: "email-verification",
          to: user.email,
          data: { name: user.name, url, validForHours: VERIFICATION_LINK_HOURS },
        });
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    account: {
      accountLinking: {
        enabled: true,
        // A Google sign-in joins the existing account with the same email only when both sides
        // proved the address: Google says it verified it (email_verified; Google is deliberately not
        // a "trusted provider", which would link even unverified addresses), and the account's owner
        // confirmed it with the shop's link. Otherwise whoever registered the password first might
        // not own the address.
        trustedProviders: [],
        requireLocalEmailVerified: true,
      },
    },
    hooks: {
      // The API's sign-up, account update and password reset follow the same name and password rules
      // as the pages; a picture comes from the sign-in provider alone (a URL of anyone's choosing would
      // be shown, and fetched by browsers, wherever the account's header is).
      before: createAuthMiddleware(async (ctx) => {
        assertPlainRedirects(ctx.body);
        const form =
          ctx.path === "/sign-up/email"
            ? { schema: signUpInput, code: "INVALID_SIGN_UP" }
            : ctx.path === "/update-user"
              ? { schema: accountUpdateInput, code: "INVALID_ACCOUNT" }
              : undefined;
        if (form) {
          const result = form.schema.safeParse(ctx.body);
          if (result.success) return;
          const fields = fieldErrorsOf(result.error);
          throw new APIError("UNPROCESSABLE_ENTITY", {
            code: form.code,
            message: Object.values(fields)[0] ?? "Some fields need attention.",
            fields,
          });
        }
        if (ctx.path === "/reset-password") {
          const result = passwordSchema.safeParse((ctx.body as { newPassword?: unknown } | undefined)?.newPassword);
          if (result.success) return;
          const message = result.error.issues[0]?.message ?? "Choose another password.";
          throw new APIError("UNPROCESSABLE_ENTITY", {
            code: "INVALID_PASSWORD",
            message,
            fields: { newPassword: message },
          });
        }
      }),
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
                    const name = [
                      profile.name,
                      [profile.given_name, profile.family_name].filter(Boolean).join(" "),
                      email.split("@")[0],
                    ]
                      .map((v) => (typeof v === "string" ? v.trim() : ""))
                      .find(Boolean);
                    return {
                      name: name ?? "Customer",
                      image: typeof profile.picture === "string" ? profile.picture : undefined,
                    };
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
      customRules: ADDRESS_LIMITS,
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

const REDIRECT_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

/**
 * Where Better Auth may send the browser afterwards must be plain ASCII (anything else percent-encoded):
 * it ends up in a Location header, which cannot carry other characters.
 */
function assertPlainRedirects(body: unknown): void {
  if (!body || typeof body !== "object") return;
  for (const field of REDIRECT_FIELDS) {
    const value = (body as Record<string, unknown>)[field];
    if (value === undefined) continue;
    if (typeof value !== "string" || value.length > 2000 || !/^[\x21-\x7e]*$/.test(value)) {
      throw new APIError("BAD_REQUEST", { code: "INVALID_REDIRECT", message: `${field} must be a plain URL.` });
    }
  }
}

/** Whether a request carries anything that could name a session (a session cookie or a bearer token). */
function mayHaveSession(headers: Headers): boolean {
  if (headers.get("authorization")?.toLowerCase().startsWith("bearer ")) return true;
  return /session_token=/.test(headers.get("cookie") ?? "");
}

/** Who sent this request: from the session cookie or a bearer token. */
export async function actorFromHeaders(auth: Auth, headers: Headers): Promise<Actor> {
  if (!mayHaveSession(headers)) return actorFor(null);
  const session = await auth.api.getSession({ headers });
  if (!session) return actorFor(null);
  const u = session.user as typeof session.user & { role?: string | null };
  const role: Role = u.role === "admin" ? "admin" : "user";
  return actorFor({
    id: u.id,
    email: u.email,
    name: u.name,
    image: u.image ?? null,
    role,
    emailVerified: u.emailVerified === true,
  });
}
