import { createRequestHandler, type ServerBuild } from "react-router";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createServices } from "./services.ts";

/**
 * The app for `npm run dev`: loaded through Vite (see server/dev.ts) so that it shares modules with
 * the pages, which Vite reloads on every change.
 */
export async function createDevApp(loadPages: () => Promise<ServerBuild>) {
  const config = loadConfig();
  const services = await createServices(config);
  const app = createApp(services, createRequestHandler(loadPages, "development"));
  return { app, config, log: services.log };
}
