import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

let shop: TestShop;
let doc: { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.anonymous.request("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => shop.close());

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** "METHOD /path/{param}" for every route the Hono app really serves under /api, except Better Auth's and the catch-all. */
function servedOperations(): string[] {
  const ops = new Set<string>();
  for (const route of shop.app.routes) {
    if (!route.path.startsWith("/api/") || route.method === "ALL") continue;
    if (route.path === "/api/auth/*" || route.path.startsWith("/api/auth/")) continue;
    const path = route.path.slice("/api".length).replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    ops.add(`${route.method.toUpperCase()} ${path}`);
  }
  return [...ops].sort();
}

function documentedOperations(): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).filter((k) => HTTP_METHODS.includes(k)).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
}

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document for the shop's /api", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0].url).toBe(`${TEST_ORIGIN}/api`);
  });

  it("documents exactly the paths the server has", () => {
    const served = [...new Set(servedOperations().map((op) => op.split(" ")[1]))].sort();
    expect(served.length).toBeGreaterThan(10);
    expect(Object.keys(doc.paths).sort()).toEqual(served);
  });

  it("lists every method of every path, and no others", () => {
    expect(documentedOperations()).toEqual(servedOperations());
  });

  it("describes a response for every operation, and the error statuses each route can answer", () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(Object.keys(op.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
    expect(Object.keys(doc.paths["/orders/{id}"].put.responses ?? {})).toEqual(expect.arrayContaining(["200", "401", "403", "404", "409", "422"]));
    expect(Object.keys(doc.paths["/products"].post.responses ?? {})).toEqual(expect.arrayContaining(["201", "401", "403", "413", "415", "422"]));
  });
});

describe("GET /api/health", () => {
  it("answers ok", async () => {
    const res = await shop.anonymous.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});
