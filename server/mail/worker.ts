import * as mail from "../../domain/mail/index.ts";
import type { DataContext } from "../../domain/shared/context.ts";
import type { Logger } from "../logger.ts";

export type MailWorkerOptions = {
  /** how often the outbox is looked at when nothing nudges the worker */
  pollMs: number;
  /** the wait after an enqueue in this process (lets the caller's transaction commit first) */
  nudgeDelayMs: number;
  policy: mail.DeliveryPolicy;
};

export const DEFAULT_WORKER_OPTIONS: MailWorkerOptions = {
  pollMs: 3000,
  nudgeDelayMs: 50,
  policy: mail.DEFAULT_DELIVERY_POLICY,
};

export type MailWorker = {
  /** look at the outbox soon (after an enqueue) */
  nudge: () => void;
  /** one round now, as the timer would run it; answers what it did */
  runOnce: () => Promise<mail.DeliveryRound>;
  /** no further rounds; waits for the one in progress */
  stop: () => Promise<void>;
};

/**
 * Sends the outbox: a round every few seconds (setTimeout, so rounds never overlap), at once after
 * an enqueue in this process, and round after round while full batches keep coming. Every shop
 * process runs one; claims in the database keep them from sending the same mail.
 */
export function startMailWorker(
  ctx: DataContext,
  transport: mail.MailTransport,
  log: Logger,
  options: MailWorkerOptions = DEFAULT_WORKER_OPTIONS,
): MailWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<mail.DeliveryRound> | undefined;
  let again = false;
  let stopped = false;

  const report = (event: mail.DeliveryEvent) => {
    const where = { mailId: event.mail.id, kind: event.mail.kind, attempt: event.mail.attempts };
    if (event.outcome === "sent") log.debug({ ...where, transport: transport.name }, "mail sent");
    else if (event.outcome === "kept")
      log.info(where, "mail not sent: no mail server (SMTP_URL); kept for admins on /dashboard/mail");
    else if (event.outcome === "retrying")
      log.warn({ ...where, error: event.error, retryAt: event.retryAt }, "mail not sent: will try again");
    else log.error({ ...where, error: event.error }, "mail not sent: gave up (listed as failed on /dashboard/mail)");
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  const round = async (): Promise<mail.DeliveryRound> => {
    const total: mail.DeliveryRound = { claimed: 0, sent: 0, kept: 0, retrying: 0, failed: 0 };
    do {
      again = false;
      try {
        const r = await mail.deliverDue(ctx, transport, options.policy, report);
        total.claimed += r.claimed;
        total.sent += r.sent;
        total.kept += r.kept;
        total.retrying += r.retrying;
        total.failed += r.failed;
        if (r.claimed >= options.policy.batchSize) again = true;
      } catch (err) {
        log.warn({ err }, "mail worker: could not read the outbox");
        again = false;
      }
    } while (again && !stopped);
    return total;
  };

  const runOnce = async (): Promise<mail.DeliveryRound> => {
    if (running) {
      again = true;
      await running;
      return runOnce();
    }
    running = round();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  };

  async function tick() {
    if (stopped) return;
    await runOnce();
    schedule(options.pollMs);
  }

  const unsubscribe = mail.onEnqueued(() => {
    if (running) again = true;
    else schedule(options.nudgeDelayMs);
  });
  schedule(0);

  return {
    nudge: () => schedule(options.nudgeDelayMs),
    runOnce,
    stop: async () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
