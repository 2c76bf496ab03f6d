import path from "node:path";
import { serve } from "@hono/node-server";
import { createRequestHandler } from "react-router";
// The React Router server build, bundled together with this file by `react-router build`.
import * as build from "virtual:react-router/server-build";
import { createApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createServices } from "./services.ts";

/** Starts the shop: configuration, database, demo data, then HTTP. */
export async function start(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const services = await createServices(config);
  const handle = createRequestHandler(build, config.env === "production" ? "production" : "development");
  const app = createApp(services, handle, { clientDir: path.relative(process.cwd(), path.resolve("build/client")) });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    services.log.info(`${config.shopName} is open at ${config.publicUrl} (listening on ${info.address}:${info.port}, ${services.database.engine})`);
  });

  const shutdown = () => {
    services.log.info("shutting down");
    server.close(() => {
      void services.database.close().then(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
