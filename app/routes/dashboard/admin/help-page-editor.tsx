import { Form, Link, useNavigation } from "react-router";
import { HELP_PAGE_MAX_LENGTH } from "../../../../domain/content/help-rules.ts";
import * as content from "../../../../domain/content/index.ts";
import { formatCount } from "../../../../domain/shared/numbers.ts";
import { Spinner } from "../../../components/Field.tsx";
import { Toast, toastFor } from "../../../components/Toast.tsx";
import { handleForm } from "../../../lib/form.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { orNotFoundPage, requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/help-page-editor";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: loaderData ? `Edit ${loaderData.page.title}` : "Edit a help page",
    description: "Write one of the shop's help pages.",
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return { page: await orNotFoundPage(content.getHelpPage(ctx, params.slug)) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return handleForm(request, {
    run: (values) => content.saveHelpPage(ctx, params.slug, values),
    success: (page) => (page.body ? "Saved. The page is live." : "Saved. The page is taken down."),
  });
}

export default function HelpPageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const error = failed ? (failed.fields.body ?? failed.message) : undefined;
  return (
    <div>
      <p className="text-sm">
        <Link to="/dashboard/pages" className="text-accent-700 underline">
          Help pages
        </Link>
      </p>
      <h1 className="section-title mt-2">Edit {page.title}</h1>
      <Toast toast={actionData?.ok ? toastFor(actionData) : null} />
      <Form method="post" className="mt-6 max-w-3xl space-y-3" noValidate key={page.updatedAt ?? "unwritten"}>
        {/* the page as this form shows it: a save is refused once someone else saved it meanwhile */}
        <input type="hidden" name="editedFrom" value={page.updatedAt ?? ""} />
        <label htmlFor="help-body" className="label">
          Text
        </label>
        <p id="help-body-hint" className="text-sm text-ink-600">
          Plain text. Leave a blank line between paragraphs; start a line with "## " for a heading and with "- " for a
          list item. Up to {formatCount(HELP_PAGE_MAX_LENGTH)} characters; empty takes the page down.
        </p>
        <textarea
          id="help-body"
          name="body"
          rows={18}
          maxLength={HELP_PAGE_MAX_LENGTH}
          defaultValue={failed?.values.body ?? page.body}
          className="input font-mono text-sm"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "help-body-hint help-body-error" : "help-body-hint"}
        />
        {error && (
          <p id="help-body-error" className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy && <Spinner />}
            Save
          </button>
          <Link to={`/help/${page.slug}`} className="text-accent-700 underline">
            See the page
          </Link>
        </div>
      </Form>
    </div>
  );
}
