import { Form, useNavigation } from "react-router";
import * as payments from "../../../../domain/payments/index.ts";
import { Field, Spinner } from "../../../components/Field.tsx";
import { Toast, toastFor } from "../../../components/Toast.tsx";
import { handleForm } from "../../../lib/form.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/settings";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Shop settings", description: "How customers can pay the shop." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return { ...(await payments.bankTransferForAdmin(ctx)), limits: payments.BANK_TRANSFER_LIMITS };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return handleForm(request, {
    run: async (values) => ({ saved: await payments.saveBankTransfer(ctx, values), at: Date.now() }),
    success: ({ saved }) =>
      saved
        ? `Saved. Checkout now offers “${payments.COD_OR_TRANSFER_LABEL}”, and order confirmations show these details.`
        : `Bank transfer is off: checkout offers “${payments.PAYMENT_METHOD_LABELS.cod}” only.`,
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { bankTransfer: current, version, limits } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const f = failed?.fields ?? {};
  // after a refused save, the values typed; else what is saved
  const value = (name: "accountHolder" | "accountNumber" | "bankName" | "note") =>
    failed ? (failed.values[name] ?? "") : (current?.[name] ?? "");
  const noteError = f.note;
  return (
    <div>
      <h1 className="section-title">Shop settings</h1>
      <Toast toast={toastFor(actionData)} />
      <section aria-labelledby="bank-transfer-title" className="mt-6 max-w-2xl">
        <h2 id="bank-transfer-title" className="text-lg font-semibold">
          Bank transfer
        </h2>
        <p className="mt-1 text-sm text-ink-700">
          {current
            ? "Customers who pay on delivery may pay by bank transfer instead: checkout, the order confirmation and its mail show these details, with the order number as the reference."
            : "Not offered: checkout says “Pay on delivery” only. Fill in the account below to let customers pay by bank transfer; the order confirmation and its mail then show it, with the order number as the reference."}
        </p>
        <Form
          method="post"
          key={actionData?.ok ? actionData.result.at : "bank-transfer"}
          className="mt-4 grid gap-4 rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:grid-cols-2"
          noValidate
        >
          {/* the instructions this page shows: a save over someone else's newer one is refused */}
          <input type="hidden" name="editedFrom" value={version} />
          <Field
            label="Account holder"
            name="accountHolder"
            autoComplete="off"
            maxLength={limits.accountHolder}
            defaultValue={value("accountHolder")}
            error={f.accountHolder}
          />
          <Field
            label="IBAN or account number"
            name="accountNumber"
            autoComplete="off"
            spellCheck={false}
            maxLength={limits.accountNumber}
            defaultValue={value("accountNumber")}
            error={f.accountNumber}
          />
          <Field
            label="Bank (optional)"
            name="bankName"
            autoComplete="off"
            maxLength={limits.bankName}
            defaultValue={value("bankName")}
            error={f.bankName}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <label htmlFor="field-note" className="label">
              Note for the customer (optional)
            </label>
            <textarea
              id="field-note"
              name="note"
              rows={3}
              maxLength={limits.note}
              className="input"
              defaultValue={value("note")}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? "field-note-error" : "field-note-hint"}
            />
            {noteError ? (
              <p id="field-note-error" className="field-error">
                {noteError}
              </p>
            ) : (
              <p id="field-note-hint" className="mt-1 text-sm text-ink-600">
                E.g. the BIC or sort code, or “Please pay within 7 days.” The reference is always the order number.
              </p>
            )}
          </div>
          <p className="text-sm text-ink-600 sm:col-span-2">
            Empty every field and save to stop offering bank transfer.
          </p>
          <button type="submit" className="btn-primary sm:col-span-2 sm:justify-self-start" disabled={busy}>
            {busy && <Spinner />}
            Save bank transfer
          </button>
        </Form>
      </section>
    </div>
  );
}
