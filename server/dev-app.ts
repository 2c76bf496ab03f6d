import { createRequestHandler, type ServerBuild } from "react-router";
import { createApp } from "./app.ts";
import type { Config } from "./config.ts";
import { createServices } from "./services.ts";

/**
 * The app for `npm run dev`: loaded through Vite (see server/dev.ts) so that it shares modules with
 * the pages, which Vite reloads on every change.
 */
export async function createDevApp(loadPages: () => Promise<ServerBuild>, config: Config) {
  const services = await createServices(config);
  const app = createApp(services, createRequestHandler(loadPages, "development"));
  return { app, log: services.log };
}
