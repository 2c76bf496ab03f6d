import type Stripe from "stripe";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/connection.ts";
import { withStartUpLock } from "../db/start-up-lock.ts";
import * as cart from "../domain/cart/index.ts";
import * as catalog from "../domain/catalog/index.ts";
import * as limits from "../domain/limits/index.ts";
import * as mail from "../domain/mail/index.ts";
import type { MediaStore } from "../domain/media/index.ts";
import type { CheckoutProvider } from "../domain/payments/index.ts";
import type { ShopSettings } from "../domain/shared/context.ts";
import type { DomainEvents } from "../domain/shared/events.ts";
import { setShopCurrency } from "../domain/shared/money.ts";
import { needsSeeding, seedDemoData } from "../seed/index.ts";
import { type AuthRequestHandler, authRequestHandler } from "./auth/handler.ts";
import { type Auth, createAuth } from "./auth/index.ts";
import { passwordHasher, type ScryptCost } from "./auth/password.ts";
import { prepareAccounts } from "./auth/start-up-accounts.ts";
import { type Config, StartupError } from "./config.ts";
import { type CartCookie, cartCookie } from "./http/cart-cookie.ts";
import { createLogger, type Logger } from "./logger.ts";
import { describeSmtpUrl, previewTransport, smtpTransport } from "./mail/transport.ts";
import { DEFAULT_WORKER_OPTIONS, type MailWorker, type MailWorkerOptions, startMailWorker } from "./mail/worker.ts";
import { openMediaStore } from "./media.ts";
import { createMetrics, type Metrics } from "./metrics.ts";
import { stripeClient, stripeProvider } from "./payments/stripe.ts";

/** Where the process is in its life: serving, or draining before it stops (/readyz answers 503). */
export type Lifecycle = { draining: boolean };

/** Everything requests share, made once per process. Nothing here holds per-user state. */
export type Services = {
  config: Config;
  database: DatabaseHandle;
  media: MediaStore;
  auth: Auth;
  /** Better Auth's HTTP handler, with the shop's per-account sign-in limit in front */
  authHandler: AuthRequestHandler;
  shopSettings: ShopSettings;
  /** card payments: the provider the domain uses, and the SDK the webhook adapter verifies with */
  payments: { stripe: CheckoutProvider | null };
  stripe: Stripe | null;
  /** the signed cookie that names a visitor's cart */
  cartCookie: CartCookie;
  /** where mail goes (SMTP, or the preview) and the worker that sends the outbox */
  mail: { transport: mail.MailTransport; worker: MailWorker };
  log: Logger;
  lifecycle: Lifecycle;
  /** Prometheus metrics, when something may read them (METRICS_TOKEN or METRICS_PORT) */
  metrics: Metrics | undefined;
  /** what domain functions report (counted by the metrics) */
  events: DomainEvents;
  /** stops the background chores (counter clean-up, the mail worker) and waits for the mail round in progress */
  stop: () => Promise<void>;
};

const CLEAN_UP_EVERY_MS = 60 * 60_000;

/**
 * Opens the database and the media store, then, under the start-up lock (so that instances starting
 * together take turns), brings the schema up to date and prepares accounts and demo data.
 */
export async function createServices(
  config: Config,
  options: {
    database?: DatabaseHandle;
    log?: Logger;
    mailWorker?: Partial<MailWorkerOptions>;
    /** the cost of password hashes: Better Auth's own unless a test asks for less (server/auth/password.ts) */
    passwordCost?: ScryptCost;
  } = {},
): Promise<Services> {
  const log = options.log ?? createLogger(config);
  const transport = await mailTransport(config, log);
  const database = options.database ?? openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const media = await openMediaStore(config);
  const auth = createAuth(config, database, log, passwordHasher(options.passwordCost));
  const stripe = config.stripe ? await stripeClient(config.stripe) : null;
  setShopCurrency(config.currency);
  const ctx = { db: database.db };
  const metrics = config.metrics.token || config.metrics.port ? await createMetrics(database) : undefined;

  await withStartUpLock(database, async () => {
    await migrateToLatest(database.db);
    await prepareAccounts({ auth, ctx, log }, config);
    if (config.seedOnEmpty && (await needsSeeding(database.db))) {
      const started = Date.now();
      const counts = await seedDemoData({ db: database.db, media });
      log.info({ ...counts, ms: Date.now() - started }, "seeded the demo catalogue");
    }
  });

  const cleanUp = async () => {
    await Promise.all([
      limits.expireOldCounters(ctx),
      cart.expireVisitorCarts(ctx),
      mail.deleteOldMail(ctx),
      catalog.pruneSearchRemovals(ctx.db),
    ]).catch((err) => log.warn({ err }, "the periodic clean-up failed"));
  };
  await cleanUp();
  const timer = setInterval(cleanUp, CLEAN_UP_EVERY_MS);
  timer.unref();
  const worker = startMailWorker(ctx, transport, log, { ...DEFAULT_WORKER_OPTIONS, ...options.mailWorker });
  return {
    config,
    database,
    media,
    auth,
    authHandler: authRequestHandler(auth, ctx, { accountLimits: config.rateLimit }),
    shopSettings: {
      name: config.shopName,
      publicUrl: config.publicUrl,
      email: config.mail.shopEmail,
      rateLimits: config.rateLimit,
      currency: config.currency,
      mediaBaseUrl: config.mediaBaseUrl,
      ownerEmail: config.admin?.email ?? null,
    },
    payments: { stripe: stripe ? stripeProvider(stripe) : null },
    stripe,
    cartCookie: cartCookie(config.authSecret, config.publicUrl.startsWith("https://")),
    mail: { transport, worker },
    log,
    lifecycle: { draining: false },
    metrics,
    events: metrics?.events ?? {},
    stop: async () => {
      clearInterval(timer);
      await worker.stop();
      if ("close" in transport && typeof transport.close === "function") transport.close();
    },
  };
}

/**
 * SMTP when SMTP_URL is set, else the preview (mail kept in the outbox for admins to read). In
 * production a mail server that cannot be reached stops the start, and no mail server is a warning.
 */
async function mailTransport(config: Config, log: Logger): Promise<mail.MailTransport> {
  const production = config.env === "production";
  const url = config.mail.smtpUrl;
  if (!url) {
    if (production) {
      log.warn(
        "SMTP_URL is not set: no mail leaves the shop (password resets, address confirmations, order mail). Admins can read it on /dashboard/mail; set SMTP_URL to send it.",
      );
    } else {
      log.info("no SMTP_URL: mail stays in the shop, and admins read it on /dashboard/mail");
    }
    return previewTransport;
  }
  const transport = await smtpTransport({ ...config.mail, smtpUrl: url });
  if (production) {
    try {
      await transport.verify();
    } catch (err) {
      transport.close();
      throw new StartupError(
        `SMTP_URL (${describeSmtpUrl(url)}): the mail server did not accept the shop (${String((err as Error)?.message ?? err)}). Check the address, port and credentials, or unset SMTP_URL to keep mail in the outbox.`,
      );
    }
    log.info(`sending mail through ${describeSmtpUrl(url)} as ${config.mail.from.address}`);
  } else {
    transport
      .verify()
      .catch((err) =>
        log.warn({ err }, `the mail server at ${describeSmtpUrl(url)} cannot be reached now: mail waits in the outbox`),
      );
  }
  return transport;
}
