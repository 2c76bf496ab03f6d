import { data, Form, useNavigation } from "react-router";
import { makeAdmin } from "../../../../domain/accounts/index.ts";
import { DomainError } from "../../../../domain/errors.ts";
import { Field, Spinner } from "../../../components/Field.tsx";
import { Toast } from "../../../components/Toast.tsx";
import { pageMeta } from "../../../lib/meta.ts";
import { requireAdminPage, shop } from "../../../lib/request.server.ts";
import type { Route } from "./+types/make-admin";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Make Admin", description: "Give another account admin rights." });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdminPage(context, request);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  try {
    const { modifiedCount } = await makeAdmin(shop(context).deps, actor, { email });
    const message = modifiedCount ? "Made Admin successfully!" : `${email} is already an admin.`;
    return { done: Date.now(), email: "", fields: {} as Record<string, string>, toast: { message, kind: "success" as const } };
  } catch (e) {
    if (e instanceof DomainError && e.code !== "forbidden") return data({ done: 0, email, fields: e.fields ?? { email: e.message }, toast: null }, { status: e.status });
    throw e;
  }
}

export default function MakeAdmin({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div>
      <h1 className="section-title">Make Admin</h1>
      <Toast toast={actionData?.toast} />
      <Form method="post" key={actionData?.done || "make-admin"} className="mt-6 max-w-md space-y-4 rounded-2xl border border-ink-100 bg-white p-6 shadow-sm" noValidate>
        <Field label="Email" name="email" type="email" autoComplete="off" required defaultValue={actionData?.email} error={actionData?.fields.email} />
        <p className="text-sm text-ink-600">The account must exist already. Its owner sees the admin pages the next time a page loads.</p>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy && <Spinner />}
          Make Admin
        </button>
      </Form>
    </div>
  );
}
