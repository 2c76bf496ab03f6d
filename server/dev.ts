// `npm run dev`: the shop with Vite's dev server in front, so page and style changes show up on reload
// (with hot module replacement for React components). Production uses server/main.ts instead.
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const loadPages = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
const { createDevApp } = (await vite.ssrLoadModule("/server/dev-app.ts")) as typeof import("./dev-app.ts");
const { app, config, log } = await createDevApp(loadPages);
const handle = getRequestListener(app.fetch);

http
  .createServer((req, res) => vite.middlewares(req, res, () => handle(req, res)))
  .listen(config.port, config.host, () => log.info(`development server at ${config.publicUrl}`));
