import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";

/**
 * The API reference at /api/docs: Swagger UI's browser bundle and stylesheet, served from
 * node_modules (no CDN: many shops and the tests have no internet), reading /api/openapi.json. The
 * page's one inline script carries the request's CSP nonce; the bundle needs nothing the shop's
 * Content-Security-Policy forbids.
 */
const ASSETS = {
  "reference.js": { file: "swagger-ui-bundle.js", type: "text/javascript; charset=utf-8" },
  "reference.css": { file: "swagger-ui.css", type: "text/css; charset=utf-8" },
} as const;
type AssetName = keyof typeof ASSETS;

type Asset = { plain: Buffer; gzipped: Buffer };
let loaded: Promise<{ version: string; assets: Record<AssetName, Asset> }> | undefined;

/** Read and compressed once, on first use (the bundle is 1.7 MB; gzip makes it about 0.5 MB). */
function loadAssets() {
  loaded ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
    const { version } = JSON.parse(await readFile(path.join(dist, "package.json"), "utf8")) as { version: string };
    const entries = await Promise.all(
      (Object.keys(ASSETS) as AssetName[]).map(async (name) => {
        const plain = await readFile(path.join(dist, ASSETS[name].file));
        return [name, { plain, gzipped: await promisify(gzip)(plain) }] as const;
      }),
    );
    return { version, assets: Object.fromEntries(entries) as Record<AssetName, Asset> };
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** JSON inside a <script>: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

export function docsApi(shopName: string) {
  const api = new Hono<AppEnv>();

  api.get("/", async (c) => {
    const { version } = await loadAssets();
    const nonce = c.get("nonce")();
    const title = `${shopName} API reference`;
    const v = encodeURIComponent(version);
    const configuration = {
      url: "/api/openapi.json",
      dom_id: "#reference",
      deepLinking: true,
      // the badge that validates the document online calls swagger.io: off
      validatorUrl: null,
      tryItOutEnabled: false,
    };
    c.header("Cache-Control", "no-store");
    return c.html(
      `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/api/docs/reference.css?v=${v}">
</head>
<body>
<main id="reference" aria-label="${escapeHtml(title)}"></main>
<noscript><p>This reference needs JavaScript. The OpenAPI document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<script src="/api/docs/reference.js?v=${v}"></script>
<script nonce="${nonce}">window.ui = SwaggerUIBundle(${scriptJson(configuration)});</script>
</body>
</html>
`,
    );
  });

  api.get("/:asset{reference\\.(js|css)}", async (c) => {
    const name = c.req.param("asset") as AssetName;
    const { assets } = await loadAssets();
    const gzipOk = /\bgzip\b/.test(c.req.header("Accept-Encoding") ?? "");
    c.header("Content-Type", ASSETS[name].type);
    // the page links it with the package's version in the query: a new version is a new URL
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("Vary", "Accept-Encoding");
    if (gzipOk) c.header("Content-Encoding", "gzip");
    return c.body(new Uint8Array(gzipOk ? assets[name].gzipped : assets[name].plain));
  });

  return api;
}
