import { Form, useNavigation } from "react-router";
import { makeAdmin } from "../../../../domain/accounts/index.ts";
import { Field, Spinner } from "../../../components/Field.tsx";
import { Toast, toastFor } from "../../../components/Toast.tsx";
import { handleForm } from "../../../lib/form.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/make-admin";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Make Admin", description: "Give another account admin rights." });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return handleForm(request, {
    run: async (values) => ({ ...(await makeAdmin(ctx, values)), email: values.email, at: Date.now() }),
    success: ({ modifiedCount, email }) =>
      modifiedCount ? "Made Admin successfully!" : `${email} is already an admin.`,
  });
}

export default function MakeAdmin({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div>
      <h1 className="section-title">Make Admin</h1>
      <Toast toast={actionData?.ok ? toastFor(actionData) : null} />
      <Form
        method="post"
        key={actionData?.ok ? actionData.result.at : "make-admin"}
        className="mt-6 max-w-md space-y-4 rounded-2xl border border-ink-100 bg-white p-6 shadow-sm"
        noValidate
      >
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={actionData?.ok ? "" : actionData?.values.email}
          error={actionData?.ok ? undefined : (actionData?.fields.email ?? actionData?.message)}
        />
        <p className="text-sm text-ink-600">
          The account must exist already. Its owner sees the admin pages the next time a page loads.
        </p>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy && <Spinner />}
          Make Admin
        </button>
      </Form>
    </div>
  );
}
