import { randomBytes } from "node:crypto";
import type { MailStatus } from "../../db/schema.ts";
import { recordAudit } from "../audit/index.ts";
import { isOwnerEmail, requireAdmin } from "../shared/actor.ts";
import type { DataContext, DomainContext } from "../shared/context.ts";
import { DomainError, notFound } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import type { Paged } from "../shared/pagination.ts";
import { isWellFormedId } from "../shared/schemas.ts";
import { parseQuery } from "../shared/validation.ts";
import * as repo from "./repository.ts";
import { mailListQuery, recipientSchema } from "./schemas.ts";
import { renderMail } from "./templates/index.ts";
import { type MailRequest, type MailShop, SENSITIVE_KINDS } from "./types.ts";

export type OutboxMail = repo.OutboxRow;

/** What enqueueing needs: the database (or the caller's transaction) and the shop's name and address. */
export type MailContext = { db: DataContext["db"]; shop: MailShop };

type EnqueueListener = () => void;
const listeners = new Set<EnqueueListener>();

/** Called after every enqueue in this process (the worker uses it to send without waiting for its next poll). */
export function onEnqueued(listener: EnqueueListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The host part of Message-IDs: the shop's own host name. */
export function messageIdHost(publicUrl: string): string {
  return new URL(publicUrl).hostname || "localhost";
}

/**
 * Queues a mail: rendered now (a later template change does not alter a queued mail), with a
 * Message-ID that stays the same on every attempt. Pass the transaction of the event that causes
 * the mail as `ctx.db`, so that the mail exists exactly when the event does.
 */
export async function enqueue(ctx: MailContext, request: MailRequest): Promise<{ id: string; messageId: string }> {
  const to = recipientSchema.safeParse(request.to);
  if (!to.success) throw new Error(`not a mail address: ${JSON.stringify(request.to)}`);
  const replyTo = request.replyTo === undefined ? null : recipientSchema.safeParse(request.replyTo);
  if (replyTo && !replyTo.success) throw new Error(`not a mail address: ${JSON.stringify(request.replyTo)}`);
  const rendered = renderMail(ctx.shop, request);
  const id = newId();
  const messageId = `<${id}@${messageIdHost(ctx.shop.publicUrl)}>`;
  await repo.insert(ctx.db, {
    id,
    kind: request.kind,
    to: to.data,
    replyTo: replyTo?.data ?? null,
    ...rendered,
    messageId,
    now: new Date().toISOString(),
  });
  for (const listener of listeners) listener();
  return { id, messageId };
}

// ── delivery ──

export type OutgoingMail = {
  id: string;
  messageId: string;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
};

/**
 * Where mail goes: an SMTP server, or nowhere but the outbox itself (the preview shown to admins):
 * a mail "sent" through the preview is recorded as kept, never as sent.
 */
export type MailTransport = { name: "smtp" | "preview"; send: (mail: OutgoingMail) => Promise<void> };

export type DeliveryPolicy = {
  /** mails claimed per round */
  batchSize: number;
  /** how long a claim lasts: longer than one send can take (connection, greeting and socket timeouts) */
  leaseMs: number;
  /** the wait before attempt n + 1 after attempt n failed */
  retryDelayMs: (attempt: number) => number;
  /** attempts after which a mail is given up as failed */
  maxAttempts: number;
  /** the same for permanent refusals (an SMTP 5xx answer) */
  maxPermanentAttempts: number;
};

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

/** 15 s, 30 s, 1 min, 2 min, … doubling up to an hour, with a little jitter so that workers spread out. */
export function backoff(baseMs: number, capMs: number): (attempt: number) => number {
  return (attempt) => {
    const delay = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
    return Math.round(delay * (0.9 + Math.random() * 0.2));
  };
}

/** How many attempts fit into `windowMs` with delays of `base` doubling up to `cap`. */
export function attemptsWithin(windowMs: number, baseMs: number, capMs: number): number {
  let waited = 0;
  let attempts = 1;
  while (waited < windowMs) {
    waited += Math.min(capMs, baseMs * 2 ** (attempts - 1));
    attempts += 1;
  }
  return attempts;
}

/** First retry after about 15 s; given up after about a day (a permanent refusal: after 3 attempts). */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  batchSize: 10,
  leaseMs: 2 * 60 * SECOND,
  retryDelayMs: backoff(15 * SECOND, HOUR),
  maxAttempts: attemptsWithin(24 * HOUR, 15 * SECOND, HOUR),
  maxPermanentAttempts: 3,
};

export type DeliveryEvent =
  | { outcome: "sent"; mail: OutboxMail }
  | { outcome: "kept"; mail: OutboxMail }
  | { outcome: "retrying"; mail: OutboxMail; error: string; retryAt: string }
  | { outcome: "failed"; mail: OutboxMail; error: string };

/** `kept`: finished without a mail server (the preview): nothing left the shop */
export type DeliveryRound = { claimed: number; sent: number; kept: number; retrying: number; failed: number };

const SCRUBBED = {
  html: "<p>This mail carried a one-time sign-in link. Its text was removed once it had been sent.</p>",
  text: "This mail carried a one-time sign-in link. Its text was removed once it had been sent.",
};

/**
 * One round of the worker: claims the mails that are due, sends each, and records the outcome.
 * A mail is marked sent only after the server accepted it, and a sent mail is never claimed again.
 * If a process dies between the two, the lease runs out and the mail is sent once more, with the
 * same Message-ID (so that mail systems can recognise the copy).
 */
export async function deliverDue(
  ctx: DataContext,
  transport: MailTransport,
  policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
  report: (event: DeliveryEvent) => void = () => {},
): Promise<DeliveryRound> {
  const token = randomBytes(12).toString("base64url");
  const started = Date.now();
  const claimed = await repo.claimDue(ctx.db, {
    now: new Date(started).toISOString(),
    leaseUntil: new Date(started + policy.leaseMs).toISOString(),
    token,
    limit: policy.batchSize,
  });
  const round: DeliveryRound = { claimed: claimed.length, sent: 0, kept: 0, retrying: 0, failed: 0 };
  for (const mail of claimed) {
    try {
      await transport.send(mail);
    } catch (e) {
      const error = describeError(e);
      const permanent = isPermanentRefusal(e);
      const giveUp = mail.attempts >= (permanent ? policy.maxPermanentAttempts : policy.maxAttempts);
      const now = Date.now();
      const retryAt = giveUp ? null : new Date(now + policy.retryDelayMs(mail.attempts)).toISOString();
      await repo.markFailedAttempt(ctx.db, mail.id, token, { now: new Date(now).toISOString(), error, retryAt });
      if (retryAt) {
        round.retrying += 1;
        report({ outcome: "retrying", mail, error, retryAt });
      } else {
        round.failed += 1;
        report({ outcome: "failed", mail, error });
      }
      continue;
    }
    if (transport.name === "preview") {
      // no mail server took it: the outbox keeps it for admins, and says it was not sent
      await repo.markKept(ctx.db, mail.id, token, { now: new Date().toISOString(), transport: transport.name });
      round.kept += 1;
      report({ outcome: "kept", mail });
      continue;
    }
    const scrub = transport.name === "smtp" && (SENSITIVE_KINDS as readonly string[]).includes(mail.kind);
    await repo.markSent(ctx.db, mail.id, token, {
      now: new Date().toISOString(),
      transport: transport.name,
      scrubbedBody: scrub ? SCRUBBED : null,
    });
    round.sent += 1;
    report({ outcome: "sent", mail });
  }
  return round;
}

/** An SMTP answer in the 5xx range: the server will not take this message, however often it is sent. */
function isPermanentRefusal(e: unknown): boolean {
  const code = (e as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** The error as an operator reads it: the server's answer when there is one, else the message. */
function describeError(e: unknown): string {
  const err = e as { response?: unknown; message?: unknown; code?: unknown } | undefined;
  const text =
    typeof err?.response === "string" && err.response
      ? err.response
      : typeof err?.message === "string"
        ? err.message
        : String(e);
  const code = typeof err?.code === "string" && !text.includes(err.code) ? ` (${err.code})` : "";
  return `${text}${code}`.replace(/\s+/g, " ").trim().slice(0, 1000);
}

/** Finished mails (sent, failed, kept) stay this long in the admins' list. */
export const MAIL_KEPT_MS = 30 * 24 * HOUR;

export const deleteOldMail = (ctx: DataContext) =>
  repo.deleteFinishedBefore(ctx.db, new Date(Date.now() - MAIL_KEPT_MS).toISOString());

// ── for admins: the outbox as a list, one mail, and "try again" ──

/** What admins read in place of a sign-in link's mail that has not been sent (and scrubbed) yet. */
const WITHHELD = {
  html: "<p>This mail carries a one-time sign-in link meant for its recipient alone, so its text is not shown here.</p>",
  text: "This mail carries a one-time sign-in link meant for its recipient alone, so its text is not shown here.",
};

/**
 * A mail as this admin may see it. A password reset or an address confirmation holds a link that signs
 * its recipient in: an admin who read it could take over that account, the owner's included. Once sent
 * it is scrubbed (deliverDue); until then (queued, failed, or kept without a mail server) only the shop's
 * owner reads it, who can then help a customer of a shop without a mail server back in.
 */
function forAdmin(ctx: DomainContext): (mail: OutboxMail) => OutboxMail {
  const readsSignInLinks = isOwnerEmail(ctx.shop.ownerEmail, requireAdmin(ctx.actor).email);
  return (mail) => {
    const signInLink = (SENSITIVE_KINDS as readonly string[]).includes(mail.kind) && mail.status !== "sent";
    return signInLink && !readsSignInLinks ? { ...mail, ...WITHHELD } : mail;
  };
}

export async function listMail(ctx: DomainContext, query: unknown): Promise<Paged<OutboxMail>> {
  requireAdmin(ctx.actor);
  const q = parseQuery(mailListQuery, query);
  const { rows, total } = await repo.list(ctx.db, q);
  return { items: rows.map(forAdmin(ctx)), total };
}

export async function countMailByStatus(ctx: DomainContext): Promise<Record<MailStatus, number>> {
  requireAdmin(ctx.actor);
  return repo.countByStatus(ctx.db);
}

export async function getMail(ctx: DomainContext, id: string): Promise<OutboxMail> {
  requireAdmin(ctx.actor);
  const mail = isWellFormedId(id) ? await repo.find(ctx.db, id) : undefined;
  if (!mail) throw notFound("Mail");
  return forAdmin(ctx)(mail);
}

/** A failed mail goes back into the queue with a fresh set of attempts. */
export async function retryMail(ctx: DomainContext, id: string): Promise<OutboxMail> {
  const mail = await getMail(ctx, id);
  if (mail.status !== "failed") throw new DomainError("conflict", "Only a failed mail can be tried again.");
  if (!(await repo.requeueFailed(ctx.db, id, new Date().toISOString()))) {
    throw new DomainError("conflict", "The mail changed meanwhile; reload and try again.");
  }
  await recordAudit(ctx.db, ctx.actor, {
    action: "mail.retry",
    target: { type: "mail", id },
    summary: `Sent “${mail.subject}” to ${mail.to} again`,
  });
  for (const listener of listeners) listener();
  return { ...mail, status: "pending" };
}

// ── for tests and tools: the outbox by recipient, no actor ──

export async function mailTo(ctx: DataContext, to: string): Promise<OutboxMail[]> {
  const { rows } = await repo.list(ctx.db, { to: to.trim().toLowerCase(), limit: 100, offset: 0 });
  return rows;
}
