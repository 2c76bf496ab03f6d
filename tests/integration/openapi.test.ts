import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToWishlist,
  confirmEmail,
  createProduct,
  expectError,
  firstProduct,
  orderForm,
} from "../support/fixtures.ts";
import { createTestShop, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

type Operation = {
  parameters?: { name: string; in: string }[];
  responses?: Record<string, { content?: Record<string, { schema: object }> }>;
};
type OpenApi = {
  openapi: string;
  info: { title: string };
  servers: { url: string }[];
  components: { schemas: Record<string, object> };
  paths: Record<string, Record<string, Operation>>;
};

let shop: TestShop;
let doc: OpenApi;
beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.anonymous.request("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => shop.close());

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** Routes under /api that are not operations of the REST API: Better Auth's, and the HTML reference of this document. */
const notOperations = (path: string) =>
  path === "/api/auth/*" || path.startsWith("/api/auth/") || path === "/api/docs" || path.startsWith("/api/docs/");

/** "METHOD /path/{param}" for every route the Hono app really serves under /api, except the ones above and the catch-all. */
function servedOperations(): string[] {
  const ops = new Set<string>();
  for (const route of shop.app.routes) {
    if (!route.path.startsWith("/api/") || route.method === "ALL" || notOperations(route.path)) continue;
    // `:name{pattern}` (a parameter restricted by a pattern) is the template parameter `{name}` too
    const path = route.path.slice("/api".length).replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}");
    ops.add(`${route.method.toUpperCase()} ${path}`);
  }
  return [...ops].sort();
}

function documentedOperations(): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((k) => HTTP_METHODS.includes(k))
        .map((m) => `${m.toUpperCase()} ${path}`),
    )
    .sort();
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op })),
  );

const segments = (template: string) => template.split("/").slice(1);
const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** Whether one URL can match both templates (a parameter matches any one segment). */
function overlap(a: string, b: string): boolean {
  const [sa, sb] = [segments(a), segments(b)];
  return sa.length === sb.length && sa.every((s, i) => s === sb[i] || isParam(s) || isParam(sb[i]));
}

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document for the shop's /api", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0].url).toBe(`${TEST_ORIGIN}/api`);
  });

  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    const { info: _, ...withoutInfo } = doc;
    expect((await new Validator().validate(withoutInfo)).valid).toBe(false);
  });

  it("documents exactly the paths the server has", () => {
    const served = [...new Set(servedOperations().map((op) => op.split(" ")[1]))].sort();
    expect(served.length).toBeGreaterThan(10);
    expect(Object.keys(doc.paths).sort()).toEqual(served);
  });

  it("lists every method of every path, and no others", () => {
    expect(documentedOperations()).toEqual(servedOperations());
  });

  it("has one path template per URL shape: no two templates match the same URL", () => {
    const templates = Object.keys(doc.paths);
    const shapes = templates.map((t) => t.replace(/\{[^}]+\}/g, "{}"));
    expect(shapes.filter((s, i) => shapes.indexOf(s) !== i)).toEqual([]);
    const overlapping = templates.flatMap((a, i) =>
      templates
        .slice(i + 1)
        .filter((b) => overlap(a, b))
        .map((b) => [a, b]),
    );
    expect(overlapping).toEqual([]);
    expect(overlap("/orders/{key}", "/orders/{id}")).toBe(true);
    expect(overlap("/users/admin", "/users/{email}")).toBe(true);
  });

  it("declares each template parameter as a path parameter of every operation, and no other path parameter", () => {
    for (const { path, method, op } of operations()) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      expect(declared.sort(), `${method} ${path}`).toEqual(inTemplate);
    }
  });

  it("resolves every $ref to a schema under components/schemas", () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of new Set(refs)) {
      const target = ref.slice('"$ref":"'.length, -1);
      expect(target).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[target.slice("#/components/schemas/".length)], target).toBeDefined();
    }
    for (const name of ["Product", "Order", "WishlistItem", "Review", "Account", "Error", "ProductCopy"]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
  });

  it("describes a response for every operation, and the error statuses each route can answer", () => {
    for (const { path, method, op } of operations()) {
      expect(Object.keys(op.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
    }
    expect(Object.keys(doc.paths["/orders/{key}"].put.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "401", "403", "404", "409", "422"]),
    );
    expect(Object.keys(doc.paths["/products"].post.responses ?? {})).toEqual(
      expect.arrayContaining(["201", "401", "403", "413", "415", "422"]),
    );
  });

  it("names the wire fields of the original shop, not the domain's, in request bodies", () => {
    const body = (path: string) =>
      Object.keys(
        (doc.paths[path].post as { requestBody: { content: Record<string, { schema: { properties: object } }> } })
          .requestBody.content["application/json"].schema.properties,
      );
    expect(body("/orders")).toEqual(expect.arrayContaining(["booking_deatils", "user_email", "request_key"]));
    expect(body("/orders")).not.toContain("customerEmail");
    expect(body("/wishlist")).toEqual(expect.arrayContaining(["product_deatils", "user_email"]));
  });
});

describe("the API's answers", () => {
  let ajv: Ajv2020;
  beforeAll(() => {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addFormat("date-time", (s: string) => !Number.isNaN(Date.parse(s)) && s.endsWith("Z"));
    ajv.addSchema({ $id: "urn:vitrine:openapi", components: doc.components });
  });

  /** Checks an answer against the schema the document gives for its operation and status. */
  async function expectDocumented(res: Response, method: string, template: string) {
    const op = doc.paths[template]?.[method.toLowerCase()];
    expect(op, `${method} ${template} is documented`).toBeDefined();
    const schema = op.responses?.[String(res.status)]?.content?.["application/json"]?.schema;
    expect(schema, `${method} ${template} documents status ${res.status}`).toBeDefined();
    const resolved = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/', '"urn:vitrine:openapi#/components/'),
    );
    const validate = ajv.compile(resolved);
    const body = await res.json();
    expect(validate(body) ? [] : validate.errors, `${method} ${template} ${res.status}`).toEqual([]);
    return body;
  }

  it("match the documented schemas, for reading and writing", async () => {
    const admin = await shop.admin();
    const customer = await shop.customer("Schema Checker");
    const product = await firstProduct(shop);

    await expectDocumented(await shop.anonymous.request("/api/health"), "GET", "/health");
    await expectDocumented(await shop.anonymous.request("/api/products?limit=3"), "GET", "/products");
    await expectDocumented(await shop.anonymous.request(`/api/products/${product.id}`), "GET", "/products/{id}");
    await expectDocumented(await shop.anonymous.request("/api/products/no-such-id"), "GET", "/products/{id}");
    await expectDocumented(await shop.anonymous.request("/api/products?limit=x"), "GET", "/products");
    await expectDocumented(await shop.anonymous.request("/api/categories"), "GET", "/categories");

    const added = await createProduct(admin);
    const del = await admin.request(`/api/products/${added.id}`, { method: "DELETE" });
    await expectDocumented(del, "DELETE", "/products/{id}");

    const placed = await customer.request("/api/orders", {
      method: "POST",
      json: { ...orderForm(product.id), request_key: "schema-check-1", user_email: customer.email },
    });
    const { insertedId } = await expectDocumented(placed, "POST", "/orders");
    const second = await customer.request("/api/orders", { method: "POST", json: orderForm(product.id) });
    const { insertedId: secondId } = await expectDocumented(second, "POST", "/orders");
    await expectDocumented(await customer.request(`/api/orders/${customer.email}`), "GET", "/orders/{key}");
    await expectDocumented(await admin.request("/api/orders?status=Pending"), "GET", "/orders");
    const shipped = await admin.request(`/api/orders/${insertedId}`, { method: "PUT", json: { status: "Shipped" } });
    await expectDocumented(shipped, "PUT", "/orders/{key}");
    const refused = await customer.request(`/api/orders/${insertedId}`, {
      method: "PUT",
      json: { status: "Cancelled" },
    });
    expect((await expectDocumented(refused, "PUT", "/orders/{key}")).error.code).toBe("conflict");
    const cancelled = await customer.request(`/api/orders/${secondId}`, { method: "DELETE" });
    expect((await expectDocumented(cancelled, "DELETE", "/orders/{key}")).cancelled).toBe(true);
    const erased = await admin.request(`/api/orders/${insertedId}`, { method: "DELETE" });
    expect((await expectDocumented(erased, "DELETE", "/orders/{key}")).deletedCount).toBe(1);

    const item = await addToWishlist(customer, (await firstProduct(shop, 1)).id);
    await expectDocumented(await customer.request(`/api/wishlist/${customer.email}`), "GET", "/wishlist/{key}");
    const again = await customer.request("/api/wishlist", {
      method: "POST",
      json: { product_deatils: { _id: (await firstProduct(shop, 2)).id }, user_email: customer.email },
    });
    await expectDocumented(again, "POST", "/wishlist");
    const removed = await customer.request(`/api/wishlist/${item.insertedId}`, { method: "DELETE" });
    await expectDocumented(removed, "DELETE", "/wishlist/{key}");

    const review = await customer.request("/api/reviews", {
      method: "POST",
      json: { description: "Fine.", rating: 5 },
    });
    await expectDocumented(review, "POST", "/reviews");
    await expectDocumented(await admin.request("/api/reviews"), "GET", "/reviews");
    await expectDocumented(await shop.anonymous.request("/api/reviews"), "GET", "/reviews");

    await expectDocumented(await customer.request(`/api/users/${customer.email}`), "GET", "/users/{key}");
    const renamed = await customer.request("/api/users", {
      method: "PUT",
      json: { email: customer.email, displayName: "Schema Checker II" },
    });
    await expectDocumented(renamed, "PUT", "/users");
    await confirmEmail(shop, customer.email);
    const promoted = await admin.request("/api/users/admin", { method: "PUT", json: { email: customer.email } });
    await expectDocumented(promoted, "PUT", "/users/{key}");
    const notAdmin = await shop.anonymous.request("/api/users/admin", { method: "PUT", json: { email: "a@b.test" } });
    await expectDocumented(notAdmin, "PUT", "/users/{key}");

    const contact = await shop.anonymous.request("/api/contact", {
      method: "POST",
      json: { name: "Ada", email: "ada@shop.test", message: "Hello there, shop!" },
    });
    await expectDocumented(contact, "POST", "/contact");
    const invalid = await shop.anonymous.request("/api/contact", { method: "POST", json: { name: "" } });
    expect(Object.keys((await expectDocumented(invalid, "POST", "/contact")).error.fields)).toContain("email");
  });

  it("keep the old URLs that now share a template", async () => {
    const customer = await shop.customer();
    // a URL of the GET shape under PUT, and the reverse, answer as before
    await expectError(await customer.request("/api/users/someone", { method: "PUT", json: {} }), 404, "not_found");
    await expectError(await customer.request("/api/users/admin"), 403, "forbidden");
  });
});

describe("GET /api/docs", () => {
  it("is an HTML page whose only inline script carries the nonce of the answer's Content-Security-Policy", async () => {
    const res = await shop.anonymous.request("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const nonce = res.headers.get("content-security-policy")?.match(/script-src 'self' 'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    expect(html).toContain("<title>Volt &#38; Thread API reference</title>");
    expect([...html.matchAll(/<script nonce="([^"]+)">/g)].map((m) => m[1])).toEqual([nonce]);
    expect(html).toMatch(/<script src="\/api\/docs\/reference\.js\?v=[0-9.]+"><\/script>/);
    expect(html).toContain('"url":"/api/openapi.json"');
  });

  it("serves the reference's script from the shop, compressed, cached for a year", async () => {
    const res = await shop.anonymous.request("/api/docs/reference.js?v=1", { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const plain = await shop.anonymous.request("/api/docs/reference.js?v=1");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(100_000);
  });
});

describe("GET /api/health", () => {
  it("answers ok", async () => {
    const res = await shop.anonymous.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});
