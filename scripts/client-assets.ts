/**
 * A Vite plugin for the browser build (vite.config.ts):
 *
 * 1. It fails the build when server-only code reaches a browser chunk: zod, the database, auth,
 *    logging, payments, mail, image and HTTP-server packages, and the project's server/, db/, seed/,
 *    `*.server.ts` modules, a domain module's door (index.ts) or repository. Validation runs on the
 *    server (one zod schema for form, action and API); a page may import a pure domain helper
 *    (money formatting, status labels, limits) but never the module itself.
 * 2. It writes a brotli (.br) and a gzip (.gz, level 9) copy beside every JS and CSS asset, which
 *    the server sends as they are (serveStatic `precompressed`) instead of compressing each answer.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const SERVER_PACKAGES = [
  "zod",
  "kysely",
  "better-auth",
  "better-call",
  "pino",
  "pg",
  "sharp",
  "nodemailer",
  "stripe",
  "@aws-sdk",
  "hono",
  "@hono",
  "prom-client",
];

const PACKAGE = new RegExp(`/node_modules/(?:${SERVER_PACKAGES.map((p) => p.replace("/", "\\/")).join("|")})/`);
/** project code that must stay on the server */
const PROJECT = [
  /\/(?:server|db|seed)\//,
  /\.server\.tsx?$/,
  /\/domain\/[\w-]+\/index\.ts$/,
  /\/domain\/[\w-]+\/(?:repository|service)[\w.-]*\.ts$/,
];

/** Why a module may not be in a browser chunk, or undefined when it may. */
export function serverOnlyReason(id: string, root: string): string | undefined {
  const file = id.replace(/\\/g, "/").replace(/\?.*$/, "");
  if (file.startsWith("\0")) return undefined;
  if (PACKAGE.test(file)) return "a server package";
  const relative = path.relative(root, file).replace(/\\/g, "/");
  if (relative.startsWith("..") || relative.startsWith("node_modules/")) return undefined;
  const inProject = `/${relative}`;
  if (PROJECT.some((p) => p.test(inProject))) return "server-only project code";
  return undefined;
}

const MIN_BYTES = 1024;

export function clientAssets(): Plugin {
  let root = process.cwd();
  return {
    name: "vitrine:client-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const offences: string[] = [];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        for (const id of chunk.moduleIds) {
          const reason = serverOnlyReason(id, root);
          if (reason) offences.push(`${chunk.fileName}: ${path.relative(root, id)} (${reason})`);
        }
      }
      if (offences.length) {
        this.error(
          `server-only code in the browser bundle — move its import behind a loader, an action or a .server.ts module:\n  ${offences.join("\n  ")}`,
        );
      }
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.join(root, "build", "client");
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => /\.(?:js|css)$/.test(name))
          .map(async (name) => {
            const file = path.join(dir, name);
            const body = await readFile(file);
            if (body.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              promisify(brotliCompress)(body, {
                params: {
                  // 9: within a few per cent of 11 (the maximum) and many times faster to build
                  [constants.BROTLI_PARAM_QUALITY]: 9,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              promisify(gzip)(body, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}
