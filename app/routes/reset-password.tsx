import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { passwordSchema } from "../../domain/accounts/index.ts";
import { DomainError } from "../../domain/shared/errors.ts";
import { Field, Spinner } from "../components/Field.tsx";
import { authErrorMessage, callAuth, resetTokenIsValid } from "../lib/auth.server.ts";
import { withFlash } from "../lib/flash.server.ts";
import { handleForm } from "../lib/form.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requestCtx } from "../lib/request.server.ts";
import type { Route } from "./+types/reset-password";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, { title: "Choose a new password", description: "Set a new password for your account." }),
    { name: "robots", content: "noindex" },
  ];
}

const EXPIRED = "This link has expired or has already been used. Ask for a new one below.";

const resetPasswordInput = z
  .object({
    token: z.string({ error: EXPIRED }).min(1, EXPIRED).max(200, EXPIRED),
    password: passwordSchema,
    confirmPassword: z.string({ error: "Type the password again." }).min(1, "Type the password again."),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });

/** The token comes in the path (the shop's mails) or as ?token= (Better Auth's own link). */
function tokenOf(request: Request, params: { token?: string }): string {
  return params.token ?? new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const token = tokenOf(request, params);
  const valid = token.length > 0 && token.length <= 200 && (await resetTokenIsValid(ctx, token));
  return { token: valid ? token : "", valid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  return handleForm(request, {
    schema: resetPasswordInput,
    run: async ({ token, password }) => {
      const result = await callAuth(ctx, request, "/reset-password", { newPassword: password, token });
      if (!result.ok) {
        const code = result.error?.code ?? "";
        if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") {
          throw new DomainError("bad_request", EXPIRED, { token: EXPIRED });
        }
        const fields = result.error?.fields;
        if (fields?.newPassword) {
          throw new DomainError("validation_failed", "Some fields need attention.", { password: fields.newPassword });
        }
        throw new DomainError(result.status === 429 ? "rate_limited" : "bad_request", authErrorMessage(result));
      }
      throw redirect("/login", {
        headers: await withFlash(ctx, {
          message: "Your password has been changed. Sign in with your new password.",
          kind: "success",
        }),
      });
    },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failed = actionData && !actionData.ok ? actionData : null;
  const f = failed?.fields ?? {};
  const usable = loaderData.valid && !f.token;
  return (
    <div className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">Choose a new password</h1>
        {usable ? (
          <>
            <p className="mt-1 text-ink-600">
              Your new password replaces the old one, and every other device signed in to your account is signed out.
            </p>
            {failed && Object.keys(f).length === 0 && (
              <p
                role="alert"
                className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
              >
                {failed.message}
              </p>
            )}
            <Form method="post" className="mt-6 space-y-4" noValidate>
              <input type="hidden" name="token" value={loaderData.token} />
              <Field
                label="New password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                error={f.password}
              />
              <Field
                label="Type it again"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                required
                error={f.confirmPassword}
              />
              <p className="text-xs text-ink-600">At least 8 characters, mixing letters with numbers or symbols.</p>
              <button type="submit" className="btn-primary w-full" disabled={busy}>
                {busy && <Spinner />}
                {busy ? "Saving…" : "Save my new password"}
              </button>
            </Form>
          </>
        ) : (
          <>
            <p
              role="alert"
              className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
            >
              This link has expired or has already been used: a password-reset link works once, for one hour.
            </p>
            <Link to="/forgot-password" className="btn-primary mt-6 w-full">
              Ask for a new link
            </Link>
          </>
        )}
        <p className="mt-6 text-center text-sm text-ink-700">
          <Link to="/login" className="font-semibold text-accent-700 hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
