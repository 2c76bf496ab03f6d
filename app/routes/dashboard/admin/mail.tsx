import { Form, Link } from "react-router";
import * as mail from "../../../../domain/mail/index.ts";
import { formatDateTime } from "../../../../domain/shared/dates.ts";
import { pageCount } from "../../../../domain/shared/pagination.ts";
import { formText } from "../../../../server/http/forms.ts";
import { FilterLinks } from "../../../components/FilterLinks.tsx";
import { MAIL_KIND_LABELS, MailStatusBadge } from "../../../components/MailStatusBadge.tsx";
import { Pagination } from "../../../components/Pagination.tsx";
import { Toast, toastFor } from "../../../components/Toast.tsx";
import { handleForm } from "../../../lib/form.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { listPage, requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/mail";

const PAGE_SIZE = 20;
const FILTERS = [
  { value: "", label: "All" },
  { value: "pending", label: "Waiting" },
  { value: "sent", label: "Sent" },
  { value: "failed", label: "Failed" },
  { value: "kept", label: "Not sent" },
];

/**
 * What the top of the page says about where mail goes. Without a mail server nothing leaves the
 * shop, and the page says so before anything else; with one, mail kept from a time without one is
 * still called what it is.
 */
function deliveryNotice(preview: boolean, kept: number): { tone: "warning" | "info"; text: string } {
  const keptMails = kept === 1 ? "1 mail in this list was" : `${kept} mails in this list were`;
  if (preview) {
    return {
      tone: "warning",
      text:
        "No mail server is set up (SMTP_URL): no mail has left the shop. Customers received none of the mails below " +
        "(order confirmations, password resets, address confirmations): each is kept here, marked “Not sent”, for you " +
        "to read and follow its links. Set SMTP_URL to send mail; mail kept until then is not sent later.",
    };
  }
  return {
    tone: "info",
    text:
      "Mail waits here until the mail server accepts it; failed attempts are retried for about a day." +
      (kept > 0 ? ` ${keptMails} written while no mail server was set up, and never sent.` : ""),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Mail", description: "Mail the shop has sent or is sending." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const page = listPage(request, PAGE_SIZE);
  const asked = new URL(request.url).searchParams.get("status") ?? "";
  const status = FILTERS.some((f) => f.value === asked) ? asked : "";
  const [{ items, total }, counts] = await Promise.all([
    mail.listMail(ctx, { status: status || undefined, limit: page.limit, offset: page.offset }),
    mail.countMailByStatus(ctx),
  ]);
  return {
    mails: items.map(({ html: _html, text: _text, ...summary }) => summary),
    total,
    counts,
    page: page.page,
    pageCount: pageCount(total, PAGE_SIZE),
    status,
    notice: deliveryNotice(ctx.services.mail.transport.name === "preview", counts.kept),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return handleForm(request, {
    run: (values) => mail.retryMail(ctx, formText(values, "mailId")),
    success: "The mail will be sent again in a moment.",
  });
}

export default function MailList({ loaderData, actionData }: Route.ComponentProps) {
  const { mails, total, counts, page, pageCount, status, notice } = loaderData;
  return (
    <div>
      <h1 className="section-title">Mail</h1>
      <Toast toast={toastFor(actionData)} />
      {notice.tone === "warning" ? (
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <strong>Mail is not being sent.</strong> {notice.text}
        </p>
      ) : (
        <p className="mt-3 text-sm text-ink-700">{notice.text}</p>
      )}
      {counts.failed > 0 && (
        <p role="status" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {counts.failed === 1 ? "1 mail" : `${counts.failed} mails`} could not be sent.
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <FilterLinks param="status" current={status} label="Filter mail by status" options={FILTERS} />
        <p className="text-sm text-ink-600">{total === 1 ? "1 mail" : `${total} mails`}</p>
      </div>
      {mails.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-ink-300 p-10 text-center text-ink-700">
          No mail here.
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {mails.map((m) => (
            <li
              key={m.id}
              data-testid="mail-row"
              className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm sm:flex sm:items-start sm:justify-between sm:gap-4"
            >
              <div className="min-w-0">
                <p className="font-semibold text-ink-900">
                  <Link to={`/dashboard/mail/${m.id}`} className="hover:text-accent-700 hover:underline">
                    {m.subject}
                  </Link>
                </p>
                <p className="mt-1 break-all text-sm text-ink-700">To {m.to}</p>
                <p className="mt-1 text-xs text-ink-600">
                  {MAIL_KIND_LABELS[m.kind] ?? m.kind} · queued {formatDateTime(m.createdAt)}
                  {m.sentAt ? ` · sent ${formatDateTime(m.sentAt)}` : ""}
                  {m.status === "kept" ? " · not sent: no mail server was set up" : ""}
                  {m.attempts > 1 ? ` · ${m.attempts} attempts` : ""}
                </p>
                {m.lastError && m.status !== "sent" && (
                  <p className="mt-2 break-words text-sm text-red-800">Last error: {m.lastError}</p>
                )}
              </div>
              <div className="mt-3 flex shrink-0 items-center gap-3 sm:mt-0">
                <MailStatusBadge status={m.status} />
                {m.status === "failed" && (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="mailId" value={m.id} />
                    <button
                      type="submit"
                      className="btn-secondary px-3 py-1.5 text-sm"
                      aria-label={`Try again: ${m.subject}`}
                    >
                      Try again
                    </button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} label="Mail pages" />
    </div>
  );
}
