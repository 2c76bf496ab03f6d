// `npm run dev`: the shop with Vite's dev server in front, so page and style changes show up on reload
// (with hot module replacement for React components). Production uses scripts/start.js instead.
import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { loadConfig } from "./config.ts";
import { createHiddenCheck, viteDenyList } from "./dev-hidden.ts";

const root = path.resolve(import.meta.dirname, "..");
const config = loadConfig();
// Vite serves the project's files by path. The data folder (database, generated secrets) is not for it, wherever
// DATA_DIR points, nor ./data left over from before DATA_DIR pointed elsewhere, nor scratch files.
const hiddenDirs = [config.dataDir, path.join(root, "data"), path.join(root, ".tmp")];
const isHidden = createHiddenCheck(root, hiddenDirs);
// The dev server hands out source and more, so it stays on this machine unless HOST asks otherwise
// (config.host is 127.0.0.1 unless HOST is set).
const host = config.host;

const server = http.createServer();
const vite = await createServer({
  root,
  // HMR shares the shop's port and address instead of opening one of its own on every interface
  server: { middlewareMode: true, ws: { server }, fs: { strict: true, deny: viteDenyList(hiddenDirs) } },
  appType: "custom",
});
const loadPages = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
const { createDevApp } = (await vite.ssrLoadModule("/server/dev-app.ts")) as typeof import("./dev-app.ts");
const { app, log } = await createDevApp(loadPages, config);
const handle = getRequestListener(app.fetch);

server.on("request", (req, res) => {
  // A second line behind fs.deny, which has had bypasses through query and `#` tricks fixed in Vite patch releases:
  // this check ignores the query. Refused requests skip Vite and get the shop's own answer, a 404 (or its own
  // routes, such as /media/, which reads DATA_DIR/media itself).
  if (isHidden(req.url ?? "/")) handle(req, res);
  else vite.middlewares(req, res, () => handle(req, res));
});
server.listen(config.port, host, () => log.info(`development server at ${config.publicUrl} (listening on ${host})`));
