/**
 * The stored-answers path before the app (server/http/store-first.ts), in front of a stand-in app
 * that records what reaches it: a stored catalogue read is answered without the app, with the app's
 * parts of a stored answer and security headers; everything the app must judge reaches it.
 */
import { createServer, type Server } from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as catalog from "../../domain/catalog/index.ts";
import { encodeAnswer, ResponseCache } from "../../server/http/response-cache.ts";
import { securityHeaderList } from "../../server/http/security-headers.ts";
import { storedAnswerParts } from "../../server/http/shared-answers.ts";
import { storeFirst } from "../../server/http/store-first.ts";
import { createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
let server: Server;
let port: number;
const store = new ResponseCache(1024 * 1024);
const reachedApp: string[] = [];
const BODY = Buffer.from(
  JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Lamp ${i}` })) }),
);

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  const version = await catalog.catalogueVersion(shop.db);
  for (const key of ["/api/products?limit=2", "/api/products/abc123", "/api/search?q=lamp"]) {
    store.set(key, encodeAnswer(version, 200, [["content-type", "application/json"]], BODY));
  }
  store.set("/api/categories", encodeAnswer(version - 1, 200, [["content-type", "application/json"]], BODY));
  server = createServer(
    storeFirst(shop.services, store, (req, res) => {
      reachedApp.push(`${req.method} ${req.url}`);
      res.writeHead(299, { "content-type": "text/plain" }).end("from the app");
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await shop?.close();
});

/** One raw HTTP/1.1 request, so that the request target and headers go exactly as written. */
function ask(target: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, "Connection: close"];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const [statusLine, ...headerLines] = all.subarray(0, split).toString("latin1").split("\r\n");
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        parsed[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers: parsed, body: all.subarray(split + 4) });
    });
  });
}

async function reachesApp(target: string, headers: Record<string, string> = {}, method = "GET") {
  const before = reachedApp.length;
  const res = await ask(target, headers, method);
  expect(res.status, `${method} ${target} ${JSON.stringify(headers)}`).toBe(299);
  expect(reachedApp.length).toBe(before + 1);
}

describe("stored answers before the app", () => {
  it("answers a stored read without the app: the stored answer's parts and the security headers", async () => {
    const before = reachedApp.length;
    const res = await ask("/api/products?limit=2", { "accept-encoding": "gzip" });
    expect(reachedApp.length).toBe(before);
    expect(res.status).toBe(200);
    const stored = store.get("/api/products?limit=2", await catalog.catalogueVersion(shop.db));
    if (!stored) throw new Error("not stored");
    const expected = await storedAnswerParts(stored, {
      method: "GET",
      ifNoneMatch: undefined,
      acceptEncoding: "gzip",
      fromStore: true,
    });
    for (const [name, value] of [...expected.headers, ...securityHeaderList(shop.services.config)("")]) {
      expect(res.headers[name.toLowerCase()], name).toBe(value);
    }
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.body.equals(Buffer.from(expected.body ?? []))).toBe(true);
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers 304 to the stored ETag, and HEAD without a body", async () => {
    const first = await ask("/api/products/abc123");
    const notModified = await ask("/api/products/abc123", { "if-none-match": first.headers.etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    const head = await ask("/api/search?q=lamp", { "accept-encoding": "identity" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(BODY.length));
    expect(head.body.length).toBe(0);
  });

  it("leaves to the app a miss, an answer of an older catalogue, and other paths and methods", async () => {
    await reachesApp("/api/products?limit=3");
    await reachesApp("/api/categories");
    await reachesApp("/api/orders");
    await reachesApp("/product");
    await reachesApp("/api/products?limit=2", {}, "POST");
  });

  it("leaves to the app a personal request, a request with a body, and a proxy's absolute address", async () => {
    await reachesApp("/api/products?limit=2", { cookie: "a=1; better-auth.session_token=x" });
    await reachesApp("/api/products?limit=2", { cookie: "__Secure-better-auth.session_token=x" });
    await reachesApp("/api/products?limit=2", { authorization: "Bearer x" });
    await reachesApp("/api/products?limit=2", { "content-length": "2" });
    await reachesApp(`http://127.0.0.1:${port}/api/products?limit=2`);
  });

  it("leaves to the app an address not in its normal form and a malformed Host (the app refuses some of them)", async () => {
    await reachesApp("/api/products\\..\\search?q=lamp");
    await reachesApp("/api/../api/search?q=lamp");
    await reachesApp("/api/./search?q=lamp");
    await reachesApp("/api/%73earch?q=lamp");
    const before = reachedApp.length;
    const socket = net.connect(port, "127.0.0.1");
    socket.write("GET /api/search?q=lamp HTTP/1.1\r\nHost: a/b\r\nConnection: close\r\n\r\n");
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (c) => (text += c));
      socket.on("end", () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 299/);
    expect(reachedApp.length).toBe(before + 1);
  });
});
