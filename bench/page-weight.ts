/**
 * What a page makes the browser download before it is interactive: its HTML, its stylesheets and
 * every JavaScript module it loads (the entry, the route chunks, the modulepreloads, and what those
 * import statically), each counted as the server sends it (gzip) and as plain bytes.
 *
 * Lazy imports (`import()` inside a chunk) are not followed: a page does not load them until used.
 */
import { gzipSync } from "node:zlib";

export type PageWeight = {
  name: string;
  url: string;
  /** bytes of the HTML document, gzipped */
  htmlGz: number;
  /** the JavaScript modules the page loads */
  scripts: { path: string; bytes: number; gz: number }[];
  /** totals over `scripts` */
  jsBytes: number;
  jsGz: number;
  /** stylesheets, gzipped */
  cssGz: number;
};

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g;

/** gzip at level 9, as the build precompresses its assets (and close to what any server sends). */
export const gzipSize = (body: Uint8Array | string) => gzipSync(body, { level: 9 }).length;

function scriptUrlsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (href) urls.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) if (m[1]) urls.add(m[1]);
  // the hydration script: `import * as route0 from "/assets/…"` and `import("/assets/entry.client-….js")`
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = m[1] ?? "";
    for (const i of body.matchAll(/import\s*(?:[\w*{}\s,$]+from\s*)?\(?\s*["'](\/[^"']+\.js)["']/g))
      if (i[1]) urls.add(i[1]);
  }
  return [...urls];
}

export async function weighPage(page: { name: string; url: string }): Promise<PageWeight> {
  const response = await fetch(page.url, { headers: { Accept: "text/html" } });
  const html = await response.text();
  if (!response.ok) throw new Error(`${page.url} answered ${response.status}`);
  const base = new URL(page.url);
  const queue = scriptUrlsOf(html).map((u) => new URL(u, base).href);
  const seen = new Set<string>();
  const scripts: PageWeight["scripts"] = [];
  while (queue.length) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${url} answered ${r.status}`);
    const body = new Uint8Array(await r.arrayBuffer());
    scripts.push({ path: new URL(url).pathname, bytes: body.length, gz: gzipSize(body) });
    const text = new TextDecoder().decode(body);
    for (const m of text.matchAll(STATIC_IMPORT)) if (m[1]) queue.push(new URL(m[1], url).href);
  }
  let cssGz = 0;
  for (const m of html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (!href) continue;
    const r = await fetch(new URL(href, base));
    cssGz += gzipSize(new Uint8Array(await r.arrayBuffer()));
  }
  scripts.sort((a, b) => b.gz - a.gz);
  return {
    ...page,
    htmlGz: gzipSize(html),
    scripts,
    jsBytes: scripts.reduce((s, x) => s + x.bytes, 0),
    jsGz: scripts.reduce((s, x) => s + x.gz, 0),
    cssGz,
  };
}
