import { Link } from "react-router";
import * as mail from "../../../../domain/mail/index.ts";
import { formatDateTime } from "../../../../domain/shared/dates.ts";
import { MAIL_KIND_LABELS, MailStatusBadge } from "../../../components/MailStatusBadge.tsx";
import { pageMeta } from "../../../lib/meta.ts";
import { requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/mail-message";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, { title: loaderData?.mail.subject ?? "Mail", description: "One mail of the shop." });
}

/** Links in a mail, for following them from here (the preview has no inbox to click them in). */
function linksOf(html: string): string[] {
  const links = [...html.matchAll(/href="(https?:[^"]+)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
  return [...new Set(links)];
}

/** When the mail went, or that it never did (kept without a mail server), as label and text rows. */
function deliveryRows(m: mail.OutboxMail): [string, string][] {
  if (m.status === "kept") {
    return [
      [
        "Not sent",
        `no mail server was set up (SMTP_URL), so this mail never left the shop; kept here since ${formatDateTime(m.updatedAt)}`,
      ],
    ];
  }
  return m.sentAt ? [["Sent", `${formatDateTime(m.sentAt)} (${m.transport ?? ""})`]] : [];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const message = await mail.getMail(ctx, params.mailId);
  const { from } = ctx.config.mail;
  return {
    mail: message,
    delivery: deliveryRows(message),
    from: `${from.name} <${from.address}>`,
    links: linksOf(message.html).filter((l) => l !== `${ctx.config.publicUrl}/`),
    // links in the framed mail open in a new tab: the frame itself may not navigate
    srcDoc: message.html.replace(/<head>/i, '<head><base target="_blank">'),
  };
}

export default function MailMessage({ loaderData }: Route.ComponentProps) {
  const { mail: m, delivery, from, links, srcDoc } = loaderData;
  const rows: [string, string][] = [
    ["From", from],
    ["To", m.to],
    ...(m.replyTo ? ([["Reply-To", m.replyTo]] as [string, string][]) : []),
    ["Kind", MAIL_KIND_LABELS[m.kind] ?? m.kind],
    ["Queued", formatDateTime(m.createdAt)],
    ...delivery,
    ["Attempts", String(m.attempts)],
    ["Message-ID", m.messageId],
  ];
  return (
    <div>
      <p className="text-sm">
        <Link to="/dashboard/mail" className="font-semibold text-accent-700 hover:underline">
          ← All mail
        </Link>
      </p>
      <h1 className="section-title mt-2 break-words">{m.subject}</h1>
      <div className="mt-2">
        <MailStatusBadge status={m.status} />
      </div>
      {m.lastError && m.status !== "sent" && (
        <p className="mt-3 break-words rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          Last error: {m.lastError}
        </p>
      )}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-ink-700">{label}</dt>
            <dd className="min-w-0 break-all text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      {links.length > 0 && (
        <section aria-labelledby="mail-links" className="mt-6">
          <h2 id="mail-links" className="text-lg font-semibold">
            Links in this mail
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {links.map((href) => (
              <li key={href} className="break-all">
                <a href={href} className="text-accent-700 hover:underline" rel="noreferrer">
                  {href}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="mail-html" className="mt-6">
        <h2 id="mail-html" className="text-lg font-semibold">
          As the recipient sees it
        </h2>
        {/* sandboxed without scripts or same-origin access: the mail cannot act as the admin */}
        <iframe
          title={`The mail “${m.subject}”`}
          srcDoc={srcDoc}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          className="mt-2 h-[36rem] w-full rounded-2xl border border-ink-200 bg-white"
        />
      </section>
      <section aria-labelledby="mail-text" className="mt-6">
        <h2 id="mail-text" className="text-lg font-semibold">
          Plain text
        </h2>
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-words rounded-2xl border border-ink-200 bg-ink-50 p-4 text-sm text-ink-900">
          {m.text}
        </pre>
      </section>
    </div>
  );
}
