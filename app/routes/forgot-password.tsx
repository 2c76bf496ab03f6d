import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { DomainError } from "../../domain/shared/errors.ts";
import { emailSchema } from "../../domain/shared/schemas.ts";
import { Field, Spinner } from "../components/Field.tsx";
import { authErrorMessage, callAuth } from "../lib/auth.server.ts";
import { handleForm } from "../lib/form.server.ts";
import { mailLeavesTheShop } from "../lib/mail-sending.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requestCtx } from "../lib/request.server.ts";
import type { Route } from "./+types/forgot-password";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, { title: "Forgot your password?", description: "Get a link to choose a new password." }),
    { name: "robots", content: "noindex" },
  ];
}

const forgotPasswordInput = z.object({ email: emailSchema });

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  return handleForm(request, {
    schema: forgotPasswordInput,
    run: async ({ email }) => {
      const result = await callAuth(ctx, request, "/request-password-reset", { email, redirectTo: "/reset-password" });
      if (!result.ok) {
        throw new DomainError(result.status === 429 ? "rate_limited" : "bad_request", authErrorMessage(result));
      }
      return { email };
    },
    // the same answer whether or not the address has an account; without a mail server nothing can be sent
    // (the mail is kept, and admins may not read its link: domain/mail/service.ts)
    success: ({ email }) =>
      mailLeavesTheShop(ctx)
        ? `If an account uses ${email}, we have sent it a link to choose a new password. The link works once, for one hour.`
        : `This shop cannot send mail yet, so no link could be sent to ${email}. Please contact the shop to get back into your account.`,
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/forgot-password";
  const failed = actionData && !actionData.ok ? actionData : null;
  const sent = actionData?.ok ? actionData.message : null;
  return (
    <div className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">Forgot your password?</h1>
        <p className="mt-1 text-ink-600">
          Enter the email address of your account and we will send you a link to choose a new password.
        </p>
        <div role="status">
          {sent && (
            <p className="mt-4 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
              {sent}
            </p>
          )}
        </div>
        {failed && Object.keys(failed.fields).length === 0 && (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          >
            {failed.message}
          </p>
        )}
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={failed?.values.email}
            error={failed?.fields.email}
          />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy && <Spinner />}
            {busy ? "Sending…" : "Send me a link"}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm text-ink-700">
          Remembered it?{" "}
          <Link to="/login" className="font-semibold text-accent-700 hover:underline">
            Sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
