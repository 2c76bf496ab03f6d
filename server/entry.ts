import { createServer, type RequestListener, type Server, type ServerOptions } from "node:http";
import path from "node:path";
// The React Router server build, bundled together with this file by `react-router build`.
import * as build from "virtual:react-router/server-build";
import { serve } from "@hono/node-server";
import { createRequestHandler } from "react-router";
import * as catalog from "../domain/catalog/index.ts";
import { DEMO_ACCOUNTS } from "../seed/demo-accounts.ts";
import { createApp } from "./app.ts";
import { type Config, ConfigError, loadConfig, StartupError } from "./config.ts";
import { pageActions } from "./http/page-requests.ts";
import { pageRoutePatterns } from "./http/page-routes.ts";
import { ResponseCache } from "./http/response-cache.ts";
import { storeFirst } from "./http/store-first.ts";
import { createLogger, type Logger } from "./logger.ts";
import { startMetricsServer } from "./metrics.ts";
import { createServices, type Services } from "./services.ts";

/** How long after listening the search index is read into memory (SQLite). */
const PREPARE_SEARCH_AFTER_MS = 300;

/** How long requests in flight may take to finish once the shop has stopped accepting connections. */
const DRAIN_LIMIT_MS = 10_000;

/**
 * How long an idle keep-alive connection stays open. Node's default of 5 s races clients and proxies
 * that reuse a connection after about as long: the shop closes the socket just as their next request
 * goes out on it, and they see a reset. A server must keep idle connections longer than whatever is in
 * front of it (haproxy, a cloud load balancer's 60 s).
 */
const KEEP_ALIVE_MS = 65_000;

/** Starts the shop: configuration, database, demo data, then HTTP. Any failure exits non-zero with the reason. */
export async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error(e instanceof ConfigError ? e.message : e);
    process.exit(1);
  }
  const log = createLogger(config);
  watchForCrashes(log);
  announce(config, log);

  let services: Services;
  try {
    services = await createServices(config, { log });
  } catch (e) {
    if (e instanceof StartupError) log.fatal(`The shop cannot start: ${e.message}`);
    else log.fatal({ err: e }, "The shop could not start");
    return exitAfterLogging(log, 1);
  }

  // the built server always renders in production mode: no development tooling in the request path
  const handle = createRequestHandler(build, "production");
  const answers = new ResponseCache(config.responseCacheBytes);
  const app = createApp(services, handle, {
    clientDir: path.relative(process.cwd(), path.resolve("build/client")),
    hasAction: pageActions(build),
    pageRoute: pageRoutePatterns(build.routes),
    answers,
  });
  // @hono/node-server's own server, with the shared store answering first
  const createServerStoreFirst = ((options: ServerOptions, listener: RequestListener) =>
    createServer(options, storeFirst(services, answers, listener))) as typeof createServer;
  const server = serve(
    { fetch: app.fetch, port: config.port, hostname: config.host, createServer: createServerStoreFirst },
    (info) => {
      log.info(
        `${config.shopName} is open at ${config.publicUrl} (listening on ${info.address}:${info.port}, ${services.database.engine})`,
      );
      catalog.onSearchTrouble((err) =>
        log.warn(
          { err },
          "The search's word sets could not be built again in the background; searches go on with the ones held, and the next catalogue change tries again",
        ),
      );
      // soon after the start, not in its way: the first search then finds the index ready
      setTimeout(() => {
        catalog
          .prepareSearch({ db: services.database.db })
          .catch((err) => log.warn({ err }, "The search index could not be read ahead; the first search reads it"));
      }, PREPARE_SEARCH_AFTER_MS).unref();
    },
  ) as Server;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.on("error", (err) => {
    log.fatal({ err }, `The shop cannot listen on ${config.host}:${config.port}`);
    exitAfterLogging(log, 1);
  });
  let metricsServer: Server | undefined;
  if (services.metrics && config.metrics.port) {
    metricsServer = startMetricsServer(services.metrics, config, (address, port) =>
      log.info(`metrics at http://${address}:${port}/metrics`),
    );
    metricsServer.keepAliveTimeout = KEEP_ALIVE_MS;
    metricsServer.on("error", (err) => {
      log.fatal({ err }, `The shop cannot listen for metrics on ${config.metrics.host}:${config.metrics.port}`);
      exitAfterLogging(log, 1);
    });
  }
  stopOnSignals({ server, metricsServer, services, log });
}

/**
 * A graceful stop. SIGTERM (a deploy, a process manager): /readyz answers 503 at once while the
 * shop keeps serving for SHUTDOWN_GRACE_SECONDS, so that a load balancer takes it out of rotation
 * first; then it stops accepting connections, lets requests in flight finish (at most
 * DRAIN_LIMIT_MS), closes the database and exits 0. SIGINT (Ctrl-C at a terminal) skips the grace
 * period. Signals after the first change nothing: a process manager that signals the whole process
 * group (npm and node alike, so node hears it twice) must not cut the grace period short.
 */
function stopOnSignals(deps: { server: Server; metricsServer: Server | undefined; services: Services; log: Logger }) {
  const { server, metricsServer, services, log } = deps;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.info({ signal }, "already stopping");
      return;
    }
    stopping = true;
    services.lifecycle.draining = true;
    const graceMs = signal === "SIGTERM" ? services.config.shutdownGraceMs : 0;
    log.info({ signal, graceMs }, "stopping: /readyz answers 503, requests are still served during the grace period");
    await new Promise((resolve) => setTimeout(resolve, graceMs));

    log.info("no longer accepting connections; letting requests in flight finish");
    const background = services.stop().catch((err) => log.warn({ err }, "stopping the background work failed"));
    metricsServer?.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // keep-alive connections left idle between requests would hold the server open
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const drained = await Promise.race([
      closed.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DRAIN_LIMIT_MS)),
    ]);
    clearInterval(sweep);
    if (!drained) {
      log.warn(`requests still running after ${DRAIN_LIMIT_MS / 1000} s: closing their connections`);
      server.closeAllConnections();
    }
    await background;
    try {
      await services.database.close();
    } catch (err) {
      log.warn({ err }, "closing the database failed");
    }
    log.info("stopped");
    exitAfterLogging(log, 0);
  };
  process.on("SIGINT", (signal) => void stop(signal));
  process.on("SIGTERM", (signal) => void stop(signal));
}

/** The first lines of the log: where the shop will be, and whether demo accounts are on. */
function announce(config: Config, log: Logger): void {
  log.info(`starting ${config.shopName} at ${config.publicUrl} (${config.env} configuration)`);
  if (config.demoMode) {
    const list = DEMO_ACCOUNTS.map((a) => `${a.email} / ${a.password}`).join(", ");
    log.warn(
      `demo mode is on: demo accounts with published passwords can sign in (${list}); DEMO_MODE=false turns them off`,
    );
  }
}

/** An unhandled rejection or exception is logged (with its stack, to the operator only) and the process exits. */
function watchForCrashes(log: Logger): void {
  process.on("unhandledRejection", (reason) => {
    log.fatal({ err: reason }, "unhandled promise rejection: exiting");
    exitAfterLogging(log, 1);
  });
  process.on("uncaughtException", (err) => {
    log.fatal({ err }, "uncaught exception: exiting");
    exitAfterLogging(log, 1);
  });
}

/** Exits once the last lines are written (a log transport writes from another thread). */
function exitAfterLogging(log: Logger, code: number): void {
  log.flush(() => setTimeout(() => process.exit(code), 50));
  setTimeout(() => process.exit(code), 2000).unref();
}
