import { data, Form, Link, redirect, useNavigation } from "react-router";
import { registrationInput } from "../../domain/accounts/index.ts";
import { DomainError } from "../../domain/errors.ts";
import { parseInput } from "../../domain/shared/validation.ts";
import { Field, Spinner } from "../components/Field.tsx";
import { GoogleButton } from "../components/GoogleButton.tsx";
import { authErrorMessage, callAuth } from "../lib/auth.server.ts";
import { withFlash } from "../lib/flash.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { shop } from "../lib/request.server.ts";
import type { Route } from "./+types/register";

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, { title: "Sign Up", description: "Create your account." }), { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = shop(context);
  if ((await actor()).kind !== "anonymous") throw redirect("/");
  return { googleSignIn: Boolean(services.config.google) };
}

type Values = { name: string; email: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values: Values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") };
  let input: { name: string; email: string; password: string };
  try {
    input = parseInput(registrationInput, { ...values, password: form.get("password"), confirmPassword: form.get("confirmPassword") });
  } catch (e) {
    if (e instanceof DomainError) return data({ message: "", fields: e.fields ?? {}, values }, { status: 422 });
    throw e;
  }
  const result = await callAuth(context, request, "/sign-up/email", { name: input.name, email: input.email, password: input.password });
  if (!result.ok) {
    const message = authErrorMessage(result);
    const emailTaken = String(result.body.code ?? "").startsWith("USER_ALREADY_EXISTS");
    return data({ message: emailTaken ? "" : message, fields: emailTaken ? { email: message } : ({} as Record<string, string>), values }, { status: emailTaken ? 409 : 400 });
  }
  return redirect("/", { headers: await withFlash(context, { message: "User Created successfully!", kind: "success" }, result.headers) });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/register";
  const f = actionData?.fields ?? {};
  return (
    <div className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">Sign Up</h1>
        <p className="mt-1 text-ink-600">One account for orders, your wishlist and reviews.</p>
        {actionData?.message && (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {actionData.message}
          </p>
        )}
        {loaderData.googleSignIn && (
          <div className="mt-6">
            <GoogleButton from="/" />
            <p className="my-4 flex items-center gap-3 text-xs uppercase tracking-wider text-ink-500 before:h-px before:flex-1 before:bg-ink-200 after:h-px after:flex-1 after:bg-ink-200">or</p>
          </div>
        )}
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <Field label="Your Name" name="name" autoComplete="name" required defaultValue={actionData?.values.name} error={f.name} />
          <Field label="Your Email" name="email" type="email" autoComplete="email" required defaultValue={actionData?.values.email} error={f.email} />
          <Field label="Your Password" name="password" type="password" autoComplete="new-password" required error={f.password} />
          <Field label="ReType Your Password" name="confirmPassword" type="password" autoComplete="new-password" required error={f.confirmPassword} />
          <p className="text-xs text-ink-600">At least 8 characters, mixing letters with numbers or symbols.</p>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy && <Spinner />}
            {busy ? "Creating your account…" : "Sign Up"}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm text-ink-700">
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-accent-700 hover:underline">
            Sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
