/**
 * Fuzz: malformed requests at every route and every method of the BUILT shop (build/server, run
 * as production runs it, in a child process; run `npx react-router build` first).
 *
 * The requests come from fast-check with a fixed seed, so every run sends the same list: for each
 * route of app/routes.ts, of the API (server/api) and of Better Auth, and for each method, a few
 * requests with broken paging, bad percent-encoding, unsafe `from=` targets, bodies that are not
 * what the route reads (broken JSON, invalid UTF-8, wrong shapes, 200 KB strings, deep nesting,
 * a wrong or missing Content-Type, forms where there is no form), odd headers (garbage cookies,
 * bad Authorization, foreign Origin, odd Host and Accept) and broken framing (Content-Length).
 * Half go anonymously, the rest as the demo customer or the demo admin.
 *
 * A request must never be answered with a 5xx, never show internals (stack traces, file paths,
 * database or parser messages), never redirect off-site or let a header be injected; afterwards
 * the server must still be up and its log must show no unhandled error. Every problem is
 * collected and reported at once, grouped by method, route, status and the first line of the body
 * (also written to .tmp/fuzz-report-<engine>.txt).
 *
 * On SQLite by default; on PostgreSQL when TEST_DATABASE_URL is set (npm test runs both).
 * FUZZ_SEED and FUZZ_PER_COMBO change the seed and the number of requests per route and method;
 * FUZZ_CONCURRENCY=1 sends one request at a time and names a request for every logged error.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, SERVER_BUILD, type ServerProcess, startServerProcess } from "../support/server-process.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20_251_104);
/** requests per route and main method; TRACE and PROPFIND get one each */
const PER_COMBO = Number(process.env.FUZZ_PER_COMBO ?? 2);
/** requests in flight; FUZZ_CONCURRENCY=1 also ties each logged error to the request that caused it (slower) */
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
const REQUEST_TIMEOUT_MS = 20_000;
/** how long a request whose Content-Length promises more than it sends is given before we hang up */
const HANG_UP_MS = 1_500;

const DEMO = {
  customer: { email: "customer@demo.vitrine.test", password: "demo-customer-1234" },
  admin: { email: "admin@demo.vitrine.test", password: "demo-admin-1234" },
} as const;

// ── the request plan (generated, deterministic) ────────────────────────────────────────────────

type Persona = "anonymous" | "customer" | "admin";
const MAIN_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const EXTRA_METHODS = ["TRACE", "PROPFIND"] as const;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);

/**
 * Text in the plan may hold placeholders resolved when the request is sent:
 * @@product:N@@ @@order:N@@ @@review:N@@ @@wishlist:N@@ (the Nth real id), @@email:self@@,
 * @@email:customer@@, @@email:admin@@, @@origin@@ (PUBLIC_URL), @@hostport@@, @@unique@@.
 */
type Body = { kind: string; contentType: string | undefined; data: string | Uint8Array };
type Framing =
  | "normal"
  | "cl-garbage"
  | "cl-negative"
  | "cl-short"
  | "cl-long"
  | "cl-duplicate"
  | "te-and-cl"
  | "te-unknown";

type PlannedRequest = {
  persona: Persona;
  method: string;
  /** the route as the report names it, e.g. /api/orders/:emailOrId */
  pattern: string;
  /** the request target: path and query, with placeholders */
  target: string;
  /** labels of what is odd about this request, for the report */
  notes: string[];
  headers: [string, string][];
  body: Body | undefined;
  framing: Framing;
  /** the request may end the session it carries: it is sent last, alone, with a live session */
  endsSession: boolean;
  /** Host or request target are deliberately off: a redirect elsewhere is not the shop's doing */
  foreignHost: boolean;
};

type Route = {
  pattern: string;
  kind: "page" | "api" | "auth" | "static";
  path: fc.Arbitrary<string>;
  /** query keys the route reads */
  query?: string[];
  /** a plausible JSON body, its fields fuzzed */
  json?: fc.Arbitrary<Record<string, unknown>>;
  /** plausible form fields, their values fuzzed */
  form?: fc.Arbitrary<[string, string][]>;
  /** a file field of the form */
  file?: string;
  endsSession?: boolean;
};

const HUGE = "x".repeat(200_000);
const DEEP_OBJECT = `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`;
const DEEP_ARRAY = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
const LONG_SEGMENT = "y".repeat(3_000);

/** broken values for ids in paths (already percent-encoded where they need to be) */
const BAD_IDS = [
  "",
  "abc",
  "-1",
  "0",
  "1e20",
  "NaN",
  "60000",
  "null",
  "undefined",
  "%00",
  "%zz",
  "%",
  "%C0%AF",
  "%0A",
  "%0D%0A",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "a%2Fb",
  "%27%20OR%20%271%27%3D%271",
  "%F0%9F%92%A5",
  "%FF%FE",
  "\u00ff\u00fe",
  "__proto__",
  "constructor",
  LONG_SEGMENT,
  "a.b",
  " ",
  "%20",
];

const BAD_EMAILS = [
  "CUSTOMER%40DEMO.VITRINE.TEST",
  "nobody%40example.com",
  "a@b",
  "@",
  "%40%40",
  `${"e".repeat(500)}%40x.example`,
  "%00%40x.example",
  "admin%40demo.vitrine.test%00",
  "%27%20OR%201%3D1--%40x.example",
  "customer%40demo.vitrine.test%0A",
];

const QUERY_VALUES = [
  "1",
  "0",
  "-1",
  "abc",
  "60000",
  "1e20",
  "1e308",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "1.5",
  "%201",
  "",
  "%",
  "%zz",
  "%C0%AF",
  "%00",
  "%0A",
  "%0D",
  "%0D%0A",
  "%E2%80%AE",
  "%FF",
  "%u0041",
  "[]",
  "{}",
  "true",
  "null",
  "Pending",
  "Shipped",
  "Cancelled",
  "pending%00",
  "x".repeat(5_000),
  "\u00ff",
];

const PAGING_KEYS = new Set(["page", "limit", "offset"]);
const PAGING_VALUES = ["60000", "1e20", "-1", "abc", "0", "NaN", "1.5", "9007199254740993", "1000001", "100", "101"];

const FROM_VALUES = [
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0D/evil.example",
  "/%0D%0ASet-Cookie:x=y",
  "/%0D%0ASet-Cookie:fuzzinjected=1",
  "//evil.example",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "/\\evil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "/%20/evil.example",
  "/%E3%80%82evil.example",
  "/dashboard",
  "/dashboard/manageorders",
  "/",
  "%",
  "/%zz",
  "/%00",
];

const RAW_QUERIES = [
  "%",
  "%%",
  "&&&",
  "=",
  "==&=",
  "a=%zz",
  "%C0%AF",
  "a=%00",
  "a=%0A",
  "a=%0D%0ASet-Cookie:x=y",
  "page[]=1&page[x]=2",
  "page=1&page=2&page=abc",
  "limit=1&limit=-1",
  "__proto__[x]=1",
  "constructor[prototype][x]=1",
  `q=${"%41".repeat(2_000)}`,
  "\u00ff\u00fe=\u00ff",
  "q=\\u0000",
];

const GENERIC_QUERY_KEYS = [
  "page",
  "limit",
  "offset",
  "sort",
  "q",
  "category",
  "status",
  "from",
  "reason",
  "error",
  "redirectTo",
  "callbackURL",
  "index",
  "_routes",
  "__proto__",
  "page[]",
];

const idOf = (kind: "product" | "order" | "review" | "wishlist") =>
  fc.oneof(
    { weight: 5, arbitrary: fc.nat(40).map((i) => `@@${kind}:${i}@@`) },
    { weight: 4, arbitrary: fc.constantFrom(...BAD_IDS) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: "binary" }).map((s) => encodeURIComponent(s)) },
  );

const emailParam = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("@@email:self@@", "@@email:customer@@", "@@email:admin@@") },
  { weight: 3, arbitrary: fc.constantFrom(...BAD_EMAILS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30, unit: "binary" }).map((s) => encodeURIComponent(s)) },
);

// ── field values ──

const LONE_SURROGATE = "\ud800";
const evilJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1e20,
      1e308,
      60_000,
      1.5,
      "",
      " ",
      "\u0000",
      `a${LONE_SURROGATE}b`,
      "NaN",
      "-1",
      "abc",
      "%zz",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "__proto__",
      [],
      {},
      [1, 2],
      { $gt: "" },
      "@@product:0@@",
      "\u202e\u0000\u00ff",
    ),
  },
  { weight: 1, arbitrary: fc.constant(HUGE) },
  { weight: 3, arbitrary: fc.string({ maxLength: 30, unit: "binary" }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const evilFormValue: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "-1",
      "1e20",
      "NaN",
      "60000",
      "abc",
      "%zz",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "on",
      "true",
      "[object Object]",
      "@@product:0@@",
      "\u202e\u00ff",
    ),
  },
  { weight: 1, arbitrary: fc.constant(HUGE) },
  { weight: 3, arbitrary: fc.string({ maxLength: 30, unit: "binary" }) },
);

/** plausible values per field name: they get a request past validation to the code behind it */
const PLAUSIBLE: Record<string, readonly unknown[]> = {
  email: ["@@email:self@@", "customer@demo.vitrine.test", "fuzz-@@unique@@@fuzz.example", "not-an-email"],
  password: ["demo-customer-1234", "demo-admin-1234", "wrong-password-123", "short"],
  confirmPassword: ["demo-customer-1234", "mismatch-password"],
  name: ["Fuzz Tester", "Ada"],
  displayName: ["Fuzz Tester", "Ada Lovelace"],
  from: FROM_VALUES.map((v) => decodeURIComponentSafe(v)),
  redirectTo: FROM_VALUES.map((v) => decodeURIComponentSafe(v)),
  callbackURL: ["/", "https://evil.example", "/\t/evil.example", "//evil.example"],
  intent: ["google", "password", "delete", "ship", "cancel", "remove", ""],
  rememberMe: [true, false, "yes"],
  image: ["https://evil.example/x.png", "javascript:alert(1)"],
  full_name: ["Ada Lovelace"],
  address: ["12 Analytical Street"],
  city: ["London"],
  state: ["Greater London"],
  zip: ["NW1 6XE", "1"],
  phone: ["+44 20 7946 0958", "12"],
  checkbox: [true, "on", "true", false],
  request_key: ["fuzz-@@unique@@", "short"],
  productId: ["@@product:0@@", "@@product:3@@", "@@product:7@@"],
  quantity: [1, 99, 100, 0, -1, "2", 1.5],
  user_email: ["@@email:self@@", "admin@demo.vitrine.test"],
  booking_deatils: [{ _id: "@@product:1@@" }, { _id: ["x"] }],
  product_deatils: [{ _id: "@@product:2@@" }, { _id: null }],
  status: ["Shipped", "Cancelled", "Pending", "shipped"],
  description: ["Solid and well made.", ""],
  rating: [4, 0, 5, 6, -1, "3", "x", null],
  message: ["Hello, I have a question about my order.", "short"],
  subject: ["Question"],
  title: ["Fuzz Lamp"],
  Categories: ["Accessories", "Accessories,Lighting", ["Accessories", "Lighting"], ""],
  price: ["49.90", "-1", "1e20", "abc", "0"],
  desc1: ["Warm light"],
  desc2: [""],
  desc3: ["x"],
  desc4: ["y"],
  itemId: ["@@wishlist:0@@", "@@wishlist:1@@"],
  orderId: ["@@order:0@@", "@@order:1@@", "@@order:2@@"],
  reviewId: ["@@review:0@@", "@@review:1@@"],
  wishlistEntry: ["@@wishlist:0@@", "", "add"],
};

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const plausibleOf = (field: string): fc.Arbitrary<unknown> => {
  const values = PLAUSIBLE[field];
  return values?.length ? fc.constantFrom(...values) : fc.string({ maxLength: 20 });
};

/** a JSON object with these fields: each plausible, broken or missing, sometimes with extra keys */
function jsonFields(fields: string[], plausible: (field: string) => fc.Arbitrary<unknown> = plausibleOf) {
  const entries = fields.map((field) =>
    fc.option(
      fc
        .oneof({ weight: 3, arbitrary: plausible(field) }, { weight: 2, arbitrary: evilJsonValue })
        .map((value) => [field, value] as const),
      { freq: 6 },
    ),
  );
  const extra = fc.option(
    fc.constantFrom<[string, unknown]>(
      ["constructor", { prototype: { polluted: true } }],
      ["role", "admin"],
      ["id", "@@product:0@@"],
      ["emailVerified", true],
      ["", ""],
    ),
    { freq: 4 },
  );
  return fc.tuple(fc.tuple(...entries), extra).map(([pairs, more]) => {
    const object: Record<string, unknown> = {};
    for (const pair of pairs) if (pair) object[pair[0]] = pair[1];
    if (more) object[more[0]] = more[1];
    return object;
  });
}

/** form fields: each plausible, broken, missing or repeated */
function formFields(fields: string[], plausible: (field: string) => fc.Arbitrary<unknown> = plausibleOf) {
  const asText = (v: unknown) => (typeof v === "string" ? v : Array.isArray(v) ? String(v[0] ?? "") : String(v));
  const entries = fields.map((field) =>
    fc.option(
      fc
        .oneof({ weight: 3, arbitrary: plausible(field).map(asText) }, { weight: 2, arbitrary: evilFormValue })
        .map((value): [string, string] => [field, value]),
      { freq: 6 },
    ),
  );
  return fc.tuple(fc.tuple(...entries), fc.nat(10)).map(([pairs, repeat]) => {
    const list = pairs.filter((pair): pair is [string, string] => pair !== null);
    // now and then a field twice (whether the first, the last or a list is read)
    if (repeat === 0 && list.length) list.push([list[0][0], "second value"]);
    return list;
  });
}

const makeAdminEmail = (field: string) =>
  field === "email"
    ? fc.constantFrom("nobody@fuzz.example", "fuzz-@@unique@@@fuzz.example", "@@email:admin@@")
    : plausibleOf(field);

// ── the routes ──

const literal = (p: string) => fc.constant(p);
const ORDER_FIELDS = [
  "full_name",
  "address",
  "city",
  "state",
  "zip",
  "phone",
  "checkbox",
  "productId",
  "quantity",
  "user_email",
  "booking_deatils",
  "request_key",
];
const BUY_FIELDS = ["full_name", "address", "city", "state", "zip", "phone", "checkbox", "request_key"];
const PRODUCT_FIELDS = ["title", "Categories", "price", "desc1", "desc2", "desc3", "desc4"];

const page = (pattern: string, extra: Partial<Route> = {}): Route => ({
  pattern,
  kind: "page",
  path: literal(pattern),
  ...extra,
});

const ROUTES: Route[] = [
  // pages (app/routes.ts)
  page("/", { query: ["from"] }),
  page("/home"),
  page("/product", { query: ["q", "category", "page", "sort"] }),
  page("/product/:id", {
    path: idOf("product").map((id) => `/product/${id}`),
    form: formFields(["wishlistEntry", "intent"]),
  }),
  page("/buyProducts/:id", {
    path: idOf("product").map((id) => `/buyProducts/${id}`),
    form: formFields(BUY_FIELDS),
  }),
  page("/login", { query: ["from", "reason", "error"], form: formFields(["email", "password", "from", "intent"]) }),
  page("/register", { query: ["from"], form: formFields(["name", "email", "password", "confirmPassword"]) }),
  page("/logout", { form: formFields(["redirectTo"]), endsSession: true }),
  page("/mywishlists", { form: formFields(["itemId", "intent"]) }),
  page("/dashboard"),
  page("/dashboard/myorders", { query: ["page"], form: formFields(["orderId", "intent"]) }),
  page("/dashboard/addreview", { form: formFields(["description", "rating"]) }),
  page("/dashboard/payment", { query: ["orderId"] }),
  page("/dashboard/manageorders", { query: ["page", "status"], form: formFields(["orderId", "intent"]) }),
  page("/dashboard/manageallproducts", { query: ["page"], form: formFields(["productId", "intent"]) }),
  page("/dashboard/addnewproduct", { form: formFields(PRODUCT_FIELDS), file: "image" }),
  page("/dashboard/products", {
    query: ["page", "q", "category", "status"],
    form: formFields(["productId", "intent", "csv", "fileName"]),
    file: "file",
  }),
  page("/dashboard/products/:id", {
    path: idOf("product").map((id) => `/dashboard/products/${id}`),
    form: formFields(["intent", "title", "price", "status", "imageId", "by", "order", "variants.0.sku"]),
    file: "image",
  }),
  page("/dashboard/inventory", { query: ["page", "q", "low"], form: formFields(["variantId", "stock"]) }),
  page("/dashboard/reviews", { query: ["page"], form: formFields(["reviewId", "intent"]) }),
  page("/dashboard/makeadmin", { form: formFields(["email"], makeAdminEmail) }),
  page("/about"),
  page("/blogs"),
  page("/blogs/:slug", {
    path: fc
      .oneof(
        fc.constantFrom("blogDetails1", "blogDetails4", "blogDetails5", "blogDetails0"),
        fc.constantFrom(...BAD_IDS),
      )
      .map((slug) => `/blogs/${slug}`),
  }),
  page("/contact", { form: formFields(["name", "email", "phone", "message"]) }),
  page("/storeLocation"),
  page("/robots.txt"),
  page("/sitemap.xml"),
  page("/<unknown>", {
    path: fc.oneof(
      fc.constantFrom("/no-such-page", "/dashboard/no-such-page", "/product/x/y/z", "/%zz", "/%00", "/.env", "/_root"),
      fc.string({ minLength: 1, maxLength: 30, unit: "binary" }).map((s) => `/${encodeURIComponent(s)}`),
    ),
  }),

  // the JSON API (server/api)
  {
    pattern: "/api/products",
    kind: "api",
    path: literal("/api/products"),
    query: ["limit", "offset", "q", "category", "sort"],
    json: jsonFields(PRODUCT_FIELDS),
    form: formFields(PRODUCT_FIELDS),
    file: "image",
  },
  {
    pattern: "/api/products/:id",
    kind: "api",
    path: idOf("product").map((id) => `/api/products/${id}`),
    json: jsonFields(["title", "price", "status", "Categories", "options", "variants"]),
  },
  {
    pattern: "/api/products/:id/images",
    kind: "api",
    path: idOf("product").map((id) => `/api/products/${id}/images`),
    json: jsonFields(["images"]),
    file: "image",
  },
  {
    pattern: "/api/products/:id/images/:imageId",
    kind: "api",
    path: idOf("product").map((id) => `/api/products/${id}/images/${id}`),
  },
  { pattern: "/api/admin/products.csv", kind: "api", path: literal("/api/admin/products.csv") },
  {
    pattern: "/api/admin/products/import",
    kind: "api",
    path: literal("/api/admin/products/import"),
    query: ["dryRun"],
    file: "file",
  },
  {
    pattern: "/api/admin/inventory",
    kind: "api",
    path: literal("/api/admin/inventory"),
    query: ["limit", "offset", "q", "low"],
  },
  { pattern: "/api/categories", kind: "api", path: literal("/api/categories") },
  {
    pattern: "/api/orders",
    kind: "api",
    path: literal("/api/orders"),
    query: ["limit", "offset", "status"],
    json: jsonFields(ORDER_FIELDS),
  },
  {
    pattern: "/api/orders/:emailOrId",
    kind: "api",
    path: fc.oneof(emailParam, idOf("order")).map((x) => `/api/orders/${x}`),
    query: ["limit", "offset", "status"],
    json: jsonFields(["status"]),
  },
  {
    pattern: "/api/wishlist",
    kind: "api",
    path: literal("/api/wishlist"),
    json: jsonFields(["productId", "product_deatils"]),
  },
  {
    pattern: "/api/wishlist/:x",
    kind: "api",
    path: fc.oneof(emailParam, idOf("wishlist")).map((x) => `/api/wishlist/${x}`),
  },
  {
    pattern: "/api/reviews",
    kind: "api",
    path: literal("/api/reviews"),
    query: ["limit", "offset"],
    json: jsonFields(["description", "rating"]),
  },
  { pattern: "/api/reviews/:id", kind: "api", path: idOf("review").map((id) => `/api/reviews/${id}`) },
  { pattern: "/api/users", kind: "api", path: literal("/api/users"), json: jsonFields(["email", "displayName"]) },
  {
    pattern: "/api/users/admin",
    kind: "api",
    path: literal("/api/users/admin"),
    json: jsonFields(["email"], makeAdminEmail),
  },
  { pattern: "/api/users/:email", kind: "api", path: emailParam.map((e) => `/api/users/${e}`) },
  {
    pattern: "/api/contact",
    kind: "api",
    path: literal("/api/contact"),
    json: jsonFields(["name", "email", "phone", "message"]),
  },
  { pattern: "/api/health", kind: "api", path: literal("/api/health") },
  { pattern: "/api/openapi.json", kind: "api", path: literal("/api/openapi.json") },
  {
    pattern: "/api/<unknown>",
    kind: "api",
    path: fc.constantFrom("/api", "/api/", "/api/nope", "/api/products/x/y", "/api/%zz", "/api/orders/a/b/c"),
  },

  // Better Auth (/api/auth)
  {
    pattern: "/api/auth/sign-in/email",
    kind: "auth",
    path: literal("/api/auth/sign-in/email"),
    query: ["callbackURL"],
    json: jsonFields(["email", "password", "rememberMe", "callbackURL"]),
  },
  {
    pattern: "/api/auth/sign-up/email",
    kind: "auth",
    path: literal("/api/auth/sign-up/email"),
    json: jsonFields(["email", "password", "name", "image", "callbackURL"]),
  },
  { pattern: "/api/auth/get-session", kind: "auth", path: literal("/api/auth/get-session") },
  {
    pattern: "/api/auth/sign-out",
    kind: "auth",
    path: literal("/api/auth/sign-out"),
    json: jsonFields([]),
    endsSession: true,
  },
  {
    pattern: "/api/auth/<other>",
    kind: "auth",
    path: fc
      .constantFrom(
        "error?error=%zz",
        "error?error=%3Cscript%3E",
        "ok",
        "callback/google?code=x&state=y",
        "sign-in/social",
        "sign-in/oauth2",
        "list-sessions",
        "revoke-sessions",
        "update-user",
        "admin/list-users",
        "nope",
        "%zz",
        "..%2Fhealth",
      )
      .map((p) => `/api/auth/${p}`),
    json: jsonFields(["provider", "callbackURL", "name", "providerId"]),
    endsSession: true,
  },

  // what the server serves besides (static files and media)
  {
    pattern: "/media/:key",
    kind: "static",
    path: fc
      .constantFrom("x.webp", "..%2F..%2Fsecrets.json", "%2e%2e/%2e%2e/shop.sqlite", "%00.webp", "", LONG_SEGMENT)
      .map((k) => `/media/${k}`),
  },
  {
    pattern: "/assets/:file",
    kind: "static",
    path: fc
      .constantFrom(
        "nope.js",
        "..%2F..%2Fserver%2Findex.js",
        "%2e%2e/%2e%2e/package.json",
        "%00",
        "..\\..\\package.json",
      )
      .map((f) => `/assets/${f}`),
  },
  {
    pattern: "/<public file>",
    kind: "static",
    path: fc.constantFrom("/favicon.ico", "/favicon.svg", "/images/dashboard.svg", "/images/..%2F..%2Fpackage.json"),
  },
];

// ── bodies ──

const BOUNDARY = "----vitrineFuzzBoundary7MA4YWxkTrZu0gW";
const te = new TextEncoder();

function urlencoded(fields: [string, string][]): string {
  return fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
}

function multipart(fields: [string, string][], file?: { name: string; type: string; data: Uint8Array }): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const [k, v] of fields) {
    chunks.push(te.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      te.encode(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="x.png"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, te.encode("\r\n"));
  }
  chunks.push(te.encode(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const FILES = [
  { type: "image/png", data: PNG_SIGNATURE },
  { type: "image/png", data: te.encode("not a png at all") },
  { type: "image/svg+xml", data: te.encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
  { type: "application/octet-stream", data: new Uint8Array(0) },
  { type: "image/webp", data: Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0xff, 0xff, 0xff, 0xff, 0x57, 0x45]) },
];

const INVALID_UTF8 = Uint8Array.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf8, 0x88, 0x80, 0x80, 0x80]);
const withBytes = (before: string, after: string) => Buffer.concat([te.encode(before), INVALID_UTF8, te.encode(after)]);

const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";

const WRONG_SHAPES: Body[] = ["[]", "[{}]", "1", "-1", "null", '"text"', "true", "{}", '[{"email":"x"}]', "1e400"].map(
  (data) => ({ kind: `JSON of the wrong shape (${data})`, contentType: JSON_TYPE, data }),
);
const BIG_BODIES: Body[] = [
  { kind: "JSON nested 5,000 deep", contentType: JSON_TYPE, data: DEEP_OBJECT },
  { kind: "JSON array nested 20,000 deep", contentType: JSON_TYPE, data: DEEP_ARRAY },
  { kind: "JSON with a 200 KB string", contentType: JSON_TYPE, data: JSON.stringify({ name: HUGE, email: HUGE }) },
  {
    kind: "JSON with 20,000 keys",
    contentType: JSON_TYPE,
    data: `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(",")}}`,
  },
  { kind: "form with 20,000 fields", contentType: FORM_TYPE, data: "a=1&".repeat(20_000) },
  { kind: "form with a 200 KB value", contentType: FORM_TYPE, data: `email=${HUGE}&password=${HUGE}` },
];
const MALFORMED: Body[] = [
  "{",
  '{"a":',
  "[1,2",
  "nul",
  "{'a':1}",
  '{"a":1,}',
  '{"a":01}',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '\ufeff{"email":"x"}',
  "\u0000",
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  "",
  " ",
  `{"a":"${"\\".repeat(3)}"}`,
].map((data) => ({ kind: `malformed JSON (${JSON.stringify(data).slice(0, 40)})`, contentType: JSON_TYPE, data }));
const BYTES: Body[] = [
  { kind: "JSON with invalid UTF-8", contentType: JSON_TYPE, data: withBytes('{"email":"', '","password":"x"}') },
  { kind: "invalid UTF-8 bytes as JSON", contentType: JSON_TYPE, data: INVALID_UTF8 },
  { kind: "form with invalid UTF-8", contentType: FORM_TYPE, data: withBytes("email=", "&password=x") },
  { kind: "form with bad percent-encoding", contentType: FORM_TYPE, data: "email=%FF%FE&password=%C0%AF&name=%zz&%=%" },
  {
    kind: "multipart with invalid UTF-8",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    data: withBytes(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\n`, `\r\n--${BOUNDARY}--\r\n`),
  },
];
const OTHER_TYPES: Body[] = [
  { kind: "text/plain", contentType: "text/plain", data: "email=a&password=b" },
  { kind: "text/plain JSON", contentType: "text/plain;charset=UTF-8", data: '{"email":"a@b.example"}' },
  {
    kind: "XML",
    contentType: "application/xml",
    data: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "http://evil.example/x">]><x>&e;</x>',
  },
  { kind: "multipart without boundary", contentType: "multipart/form-data", data: "--x\r\n\r\nvalue\r\n--x--" },
  {
    kind: "multipart with the wrong boundary",
    contentType: "multipart/form-data; boundary=other",
    data: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--${BOUNDARY}--\r\n`,
  },
  {
    kind: "multipart cut short",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    data: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb`,
  },
  { kind: "multipart with an empty boundary", contentType: "multipart/form-data; boundary=", data: "--\r\n\r\n----" },
  { kind: "form-urlencoded garbage", contentType: FORM_TYPE, data: "%zz=%%&&=&a=%E0%A4%A&b" },
  { kind: "form-urlencoded brackets", contentType: FORM_TYPE, data: "a[b][c]=1&a[]=2&__proto__[x]=1" },
  { kind: "octet-stream", contentType: "application/octet-stream", data: INVALID_UTF8 },
];
const CONTENT_TYPES = [
  undefined,
  "",
  "text/plain",
  "application/xml",
  "multipart/form-data",
  FORM_TYPE,
  JSON_TYPE,
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "application/jsonx",
  "application/json, text/html",
  "application/x-www-form-urlencoded; charset=utf-16",
  "multipart/form-data; boundary=\u00ff",
  "*/*",
  ";;;",
];

function bodyArb(route: Route, method: string): fc.Arbitrary<Body | undefined> {
  const json = (route.json ?? jsonFields(["email", "name", "id"])).map(
    (v): Body => ({ kind: "JSON", contentType: JSON_TYPE, data: JSON.stringify(v) }),
  );
  const fields = route.form ?? formFields(["email", "name", "intent", "from"]);
  const form = fields.map((f): Body => ({ kind: "form", contentType: FORM_TYPE, data: urlencoded(f) }));
  const multi = fc.tuple(fields, fc.option(fc.constantFrom(...FILES), { freq: route.file ? 2 : 5 })).map(
    ([f, file]): Body => ({
      kind: file ? `multipart with a ${file.type} file` : "multipart",
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      data: multipart(f, file ? { name: route.file ?? "image", ...file } : undefined),
    }),
  );
  const some = fc.oneof(
    { weight: route.json ? 5 : 2, arbitrary: json },
    { weight: route.form ? 5 : 2, arbitrary: form },
    { weight: route.file ? 4 : 1, arbitrary: multi },
    { weight: 2, arbitrary: fc.constantFrom(...WRONG_SHAPES) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED) },
    { weight: 1, arbitrary: fc.constantFrom(...BIG_BODIES) },
    { weight: 1, arbitrary: fc.constantFrom(...BYTES) },
    { weight: 2, arbitrary: fc.constantFrom(...OTHER_TYPES) },
  );
  // now and then the body keeps its data but gets another (or no) Content-Type
  const retyped = fc
    .tuple(some, fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 5 }))
    .map(
      ([body, type]): Body =>
        type === null ? body : { ...body, kind: `${body.kind}, sent as ${type ?? "no type"}`, contentType: type },
    );
  const writes = !SAFE_METHODS.has(method);
  return fc.oneof(
    { weight: writes ? 1 : 8, arbitrary: fc.constant(undefined) },
    { weight: writes ? 8 : 1, arbitrary: retyped },
  );
}

// ── headers ──

const GARBAGE_COOKIES = [
  "garbage",
  "=;;;=; ;",
  "better-auth.session_token=garbage",
  "better-auth.session_token=%zz",
  "better-auth.session_token=abc.def",
  "better-auth.session_token=; better-auth.session_token=x",
  "better-auth.session_data=garbage",
  "better-auth.session_data=eyJzZXNzaW9uIjpudWxsfQ%3D%3D",
  "vitrine_flash=garbage",
  "vitrine_flash=eyJtZXNzYWdlIjoxfQ%3D%3D.forged",
  "__proto__=x; constructor=y",
  "a=\u00ff\u00fe",
  `big=${"c".repeat(12_000)}`,
  `huge=${"c".repeat(20_000)}`,
  `${Array.from({ length: 300 }, (_, i) => `c${i}=v`).join("; ")}`,
];
const AUTHORIZATIONS = [
  "Bearer",
  "Bearer ",
  "Bearer x",
  "Bearer a.b.c",
  `Bearer ${"t".repeat(4_000)}`,
  "Bearer %00",
  "Bearer @@token@@",
  "Bearer @@token@@.AAAA",
  "bearer @@token@@",
  "Basic YWRtaW5AZGVtby52aXRyaW5lLnRlc3Q6ZGVtby1hZG1pbi0xMjM0",
  "Basic !!!",
  'Digest username="x"',
  "Negotiate x",
];
const ACCEPTS = [
  "*/*",
  "application/json",
  "text/html",
  "text/x-component",
  "garbage",
  ";;;q=abc",
  "text/html;q=0, */*;q=0",
  "application/json;q=1e400",
  "text/vnd.turbo-stream.html",
];
const ACCEPT_ENCODINGS = ["gzip", "br", "deflate", "gzip;q=abc, *;q=0", "zstd", "identity;q=0", "x-garbage"];
const ORIGINS = [
  "http://evil.example",
  "null",
  "@@origin@@.evil.example",
  "@@origin@@/",
  "HTTP://LOCALHOST:@@port@@",
  "http://127.0.0.1:@@port@@",
  "%zz",
  "",
  "http://[::1",
];
const HOSTS = [
  undefined, // no Host at all
  "",
  "evil.example",
  "127.0.0.1:@@port@@",
  "[::1",
  "localhost:99999",
  "%zz",
  "a@b",
  "localhost:@@port@@/x",
  "\u00ff",
];
const EXTRA_HEADERS: [string, string][] = [
  ["X-Forwarded-For", "not-an-ip, 999.1.1.1"],
  ["X-Forwarded-Host", "evil.example"],
  ["X-Forwarded-Proto", "gopher"],
  ["Sec-Fetch-Site", "cross-site"],
  ["Sec-Fetch-Site", "garbage"],
  ["Range", "bytes=abc"],
  ["Range", "bytes=99999999-"],
  ["If-None-Match", '"garbage'],
  ["If-Modified-Since", "not a date"],
  ["Content-Encoding", "gzip"],
  ["Accept-Language", ";;;q=x"],
  ["X-HTTP-Method-Override", "DELETE"],
  ["X-React-Router-SPA-Mode", "yes"],
  ["User-Agent", ""],
  ["Expect", "100-continue"],
  ["Upgrade", "websocket"],
];

type HeaderPlan = {
  cookie: "persona" | "none" | string;
  cookieWithPersona: boolean;
  authorization: string | null;
  accept: string | null;
  acceptEncoding: string | null;
  origin: "own" | "none" | string;
  host: "own" | string | undefined;
  extra: [string, string][];
};

function headersArb(method: string): fc.Arbitrary<HeaderPlan> {
  const writes = !SAFE_METHODS.has(method);
  return fc.record({
    cookie: fc.oneof(
      { weight: 17, arbitrary: fc.constant("persona") },
      { weight: 3, arbitrary: fc.constantFrom(...GARBAGE_COOKIES) },
    ),
    cookieWithPersona: fc.boolean(),
    authorization: fc.option(fc.constantFrom(...AUTHORIZATIONS), { freq: 8 }),
    accept: fc.option(fc.constantFrom(...ACCEPTS), { freq: 2 }),
    acceptEncoding: fc.option(fc.constantFrom(...ACCEPT_ENCODINGS), { freq: 4 }),
    origin: writes
      ? fc.oneof(
          { weight: 14, arbitrary: fc.constant("own") },
          { weight: 3, arbitrary: fc.constant("none") },
          { weight: 3, arbitrary: fc.constantFrom(...ORIGINS) },
        )
      : fc.oneof(
          { weight: 12, arbitrary: fc.constant("none") },
          { weight: 6, arbitrary: fc.constant("own") },
          { weight: 2, arbitrary: fc.constantFrom(...ORIGINS) },
        ),
    host: fc.oneof({ weight: 19, arbitrary: fc.constant("own") }, { weight: 1, arbitrary: fc.constantFrom(...HOSTS) }),
    extra: fc.oneof(
      { weight: 5, arbitrary: fc.constant<[string, string][]>([]) },
      { weight: 1, arbitrary: fc.array(fc.constantFrom(...EXTRA_HEADERS), { minLength: 1, maxLength: 2 }) },
    ),
  });
}

// ── paths ──

type PathVariant = { label: string; apply: (p: string) => string; foreign?: boolean };
const PATH_VARIANTS: PathVariant[] = [
  { label: "trailing slash", apply: (p) => `${p}/` },
  { label: "double slashes", apply: (p) => `/${p.replaceAll("/", "//")}` },
  { label: "dot segments", apply: (p) => `/x/..${p}` },
  { label: "encoded dot segments", apply: (p) => `/x/%2e%2e${p}` },
  { label: "upper case", apply: (p) => p.toUpperCase() },
  { label: "encoded slashes", apply: (p) => `/${p.slice(1).replaceAll("/", "%2F")}` },
  { label: "matrix parameter", apply: (p) => `${p};x=1` },
  { label: "trailing %00", apply: (p) => `${p}%00` },
  { label: "trailing %", apply: (p) => `${p}%` },
  { label: "trailing backslash", apply: (p) => `${p}\\` },
  { label: "no leading slash", apply: (p) => p.slice(1) },
  { label: "fragment", apply: (p) => `${p}#frag` },
  { label: "absolute form", apply: (p) => `http://@@hostport@@${p}` },
  { label: "absolute form, other host", apply: (p) => `http://evil.example${p}`, foreign: true },
  { label: "asterisk form", apply: () => "*", foreign: true },
];

function queryArb(route: Route): fc.Arbitrary<string> {
  const own = route.query ?? [];
  const key = own.length
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...own) },
        { weight: 1, arbitrary: fc.constantFrom(...GENERIC_QUERY_KEYS) },
      )
    : fc.constantFrom(...GENERIC_QUERY_KEYS);
  const pair = key.chain((k) =>
    (k === "from" || k === "redirectTo" || k === "callbackURL"
      ? fc.constantFrom(...FROM_VALUES)
      : fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...(PAGING_KEYS.has(k) ? PAGING_VALUES : QUERY_VALUES)) },
          { weight: 4, arbitrary: fc.constantFrom(...QUERY_VALUES) },
          { weight: 1, arbitrary: fc.string({ maxLength: 20, unit: "binary" }).map((v) => encodeURIComponent(v)) },
        )
    ).map((value) => `${k}=${value}`),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant("") },
    { weight: 6, arbitrary: fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => pairs.join("&")) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
  );
}

/** Routes where an admin gets furthest: they get more admin requests (about half of all stay anonymous). */
const ADMIN_ROUTES = new Set([
  "/dashboard/manageorders",
  "/dashboard/manageallproducts",
  "/dashboard/addnewproduct",
  "/dashboard/products",
  "/dashboard/products/:id",
  "/dashboard/inventory",
  "/dashboard/reviews",
  "/dashboard/makeadmin",
  "/api/users/admin",
  "/api/orders",
  "/api/products",
  "/api/products/:id",
  "/api/products/:id/images",
  "/api/products/:id/images/:imageId",
  "/api/admin/products.csv",
  "/api/admin/products/import",
  "/api/admin/inventory",
]);

const personaArb = (route: Route) =>
  ADMIN_ROUTES.has(route.pattern)
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant<Persona>("anonymous") },
        { weight: 3, arbitrary: fc.constant<Persona>("customer") },
        { weight: 6, arbitrary: fc.constant<Persona>("admin") },
      )
    : fc.oneof(
        { weight: 14, arbitrary: fc.constant<Persona>("anonymous") },
        { weight: 5, arbitrary: fc.constant<Persona>("customer") },
        { weight: 1, arbitrary: fc.constant<Persona>("admin") },
      );

const framingArb = fc.oneof(
  { weight: 94, arbitrary: fc.constant<Framing>("normal") },
  {
    weight: 6,
    arbitrary: fc.constantFrom<Framing>(
      "cl-garbage",
      "cl-negative",
      "cl-short",
      "cl-long",
      "cl-duplicate",
      "te-and-cl",
      "te-unknown",
    ),
  },
);

function requestArb(route: Route, method: string): fc.Arbitrary<PlannedRequest> {
  return fc
    .record({
      persona: personaArb(route),
      path: route.path,
      data: route.kind === "page" ? fc.nat(9).map((n) => n === 0) : fc.constant(false),
      variant: fc.option(fc.constantFrom(...PATH_VARIANTS), { freq: 8 }),
      query: queryArb(route),
      body: bodyArb(route, method),
      headers: headersArb(method),
      framing: framingArb,
    })
    .map((r): PlannedRequest => {
      const notes: string[] = [];
      let p = r.path;
      if (r.data) {
        // React Router's single-fetch data request for the same page
        p = p === "/" ? "/_root.data" : `${p}.data`;
        notes.push(".data request");
      }
      let foreignHost = false;
      if (r.variant) {
        p = r.variant.apply(p);
        notes.push(`path: ${r.variant.label}`);
        foreignHost ||= Boolean(r.variant.foreign);
      }
      const target = r.query ? `${p}?${r.query}` : p;
      const headers: [string, string][] = [];
      const h = r.headers;
      if (h.host === "own") headers.push(["Host", "@@hostport@@"]);
      else {
        foreignHost = true;
        notes.push(`Host: ${h.host === undefined ? "(none)" : JSON.stringify(h.host)}`);
        if (h.host !== undefined) headers.push(["Host", h.host]);
      }
      if (h.cookie === "persona") headers.push(["Cookie", "@@cookie@@"]);
      else {
        const shown = h.cookie.length > 40 ? `${h.cookie.slice(0, 30)}… (${h.cookie.length} chars)` : h.cookie;
        notes.push(`Cookie: ${JSON.stringify(shown)}${h.cookieWithPersona ? " beside the session" : ""}`);
        headers.push(["Cookie", h.cookieWithPersona ? `@@cookie@@; ${h.cookie}` : h.cookie]);
      }
      if (h.authorization) {
        headers.push(["Authorization", h.authorization]);
        notes.push(`Authorization: ${h.authorization.slice(0, 30)}`);
      }
      if (h.accept) headers.push(["Accept", h.accept]);
      if (h.acceptEncoding) headers.push(["Accept-Encoding", h.acceptEncoding]);
      if (h.origin === "own") headers.push(["Origin", "@@origin@@"]);
      else if (h.origin !== "none") {
        headers.push(["Origin", h.origin]);
        notes.push(`Origin: ${JSON.stringify(h.origin)}`);
      } else if (!SAFE_METHODS.has(method)) notes.push("no Origin");
      for (const [name, value] of h.extra) {
        headers.push([name, value]);
        notes.push(`${name}: ${value}`);
      }
      if (r.framing !== "normal") notes.push(`framing: ${r.framing}`);
      if (r.body) notes.push(`body: ${r.body.kind}`);
      const pattern = r.data ? `${route.pattern}.data` : route.pattern;
      return {
        persona: r.persona,
        method,
        // a changed path may reach another route: such requests are grouped apart
        pattern: r.variant ? `${pattern} (path: ${r.variant.label})` : pattern,
        target,
        notes,
        headers,
        body: r.body,
        framing: r.framing,
        endsSession: Boolean(route.endsSession),
        foreignHost,
      };
    });
}

// ── sweeps: one malformation at a time, in an otherwise ordinary request ──

/** who gets furthest on a route (and so reaches the code a malformation is aimed at) */
const CUSTOMER_ROUTES = new Set([
  "/product/:id",
  "/buyProducts/:id",
  "/logout",
  "/mywishlists",
  "/dashboard",
  "/dashboard/myorders",
  "/dashboard/addreview",
  "/dashboard/payment",
  "/api/orders/:emailOrId",
  "/api/wishlist",
  "/api/wishlist/:x",
  "/api/reviews",
  "/api/reviews/:id",
  "/api/users",
  "/api/users/:email",
  "/api/auth/get-session",
  "/api/auth/sign-out",
  "/api/auth/<other>",
]);
const whoFor = (route: Route): Persona =>
  ADMIN_ROUTES.has(route.pattern) ? "admin" : CUSTOMER_ROUTES.has(route.pattern) ? "customer" : "anonymous";

/** an ordinary path for each route with parameters */
const EXAMPLE_PATHS: Record<string, string> = {
  "/product/:id": "/product/@@product:0@@",
  "/buyProducts/:id": "/buyProducts/@@product:1@@",
  "/blogs/:slug": "/blogs/blogDetails1",
  "/<unknown>": "/no-such-page",
  "/api/products/:id": "/api/products/@@product:9@@",
  "/api/orders/:emailOrId": "/api/orders/@@email:self@@",
  "/api/wishlist/:x": "/api/wishlist/@@email:self@@",
  "/api/reviews/:id": "/api/reviews/@@review:0@@",
  "/api/users/:email": "/api/users/@@email:self@@",
  "/api/<unknown>": "/api/nope",
  "/api/auth/<other>": "/api/auth/nope",
  "/media/:key": "/media/x.webp",
  "/assets/:file": "/assets/nope.js",
  "/<public file>": "/favicon.ico",
};
const routeOf = (pattern: string) => {
  const route = ROUTES.find((r) => r.pattern === pattern);
  if (!route) throw new Error(`no route ${pattern} in ROUTES`);
  return route;
};

function ordinary(
  route: Route,
  method: string,
  options: {
    persona?: Persona;
    target?: string;
    body?: Body;
    headers?: [string, string][];
    drop?: string[];
    note: string;
  },
): PlannedRequest {
  const base: [string, string][] = [
    ["Host", "@@hostport@@"],
    ["Cookie", "@@cookie@@"],
  ];
  if (!SAFE_METHODS.has(method)) base.push(["Origin", "@@origin@@"]);
  const replaced = new Set((options.headers ?? []).map(([k]) => k.toLowerCase()));
  const drop = new Set((options.drop ?? []).map((k) => k.toLowerCase()));
  const headers = [
    ...base.filter(([k]) => !replaced.has(k.toLowerCase()) && !drop.has(k.toLowerCase())),
    ...(options.headers ?? []),
  ];
  return {
    persona: options.persona ?? whoFor(route),
    method,
    pattern: route.pattern,
    target: options.target ?? EXAMPLE_PATHS[route.pattern] ?? route.pattern,
    notes: [`sweep: ${options.note}`, ...(options.body ? [`body: ${options.body.kind}`] : [])],
    headers,
    body: options.body,
    framing: "normal",
    endsSession: Boolean(route.endsSession),
    foreignHost: replaced.has("host") || drop.has("host"),
  };
}

/** the routes that read a body on PUT rather than POST */
const BODY_PUT_ROUTES = new Set(["/api/orders/:emailOrId", "/api/users/admin"]);

function sweeps(): PlannedRequest[] {
  const list: PlannedRequest[] = [];
  const personas: Persona[] = ["anonymous", "customer", "admin"];

  // every route and method plainly, as whoever gets furthest on it and anonymously
  for (const route of ROUTES) {
    for (const method of [...MAIN_METHODS, ...EXTRA_METHODS]) {
      list.push(ordinary(route, method, { note: "method" }));
      if (whoFor(route) !== "anonymous") list.push(ordinary(route, method, { persona: "anonymous", note: "method" }));
    }
  }

  // paging and filters: every odd value on every list, as someone who sees the list
  const lists: [string, string[], Persona[]][] = [
    ["/product", ["page", "q", "category", "sort"], ["anonymous"]],
    ["/dashboard/myorders", ["page"], ["customer"]],
    ["/dashboard/manageorders", ["page", "status"], ["admin"]],
    ["/dashboard/manageallproducts", ["page"], ["admin"]],
    ["/dashboard/reviews", ["page"], ["admin"]],
    ["/api/products", ["limit", "offset", "q", "category", "sort"], ["anonymous", "admin"]],
    ["/api/orders", ["limit", "offset", "status"], ["admin"]],
    ["/api/orders/:emailOrId", ["limit", "offset", "status"], ["customer", "admin"]],
    ["/api/reviews", ["limit", "offset"], ["anonymous", "admin"]],
  ];
  const oddValues = [...new Set([...PAGING_VALUES, "%zz", "%00", "%0A", "%C0%AF", "", "Infinity", "-0", "1e-7"])];
  for (const [pattern, keys, who] of lists) {
    const route = routeOf(pattern);
    const path = EXAMPLE_PATHS[pattern] ?? pattern;
    for (const key of keys) {
      for (const value of oddValues) {
        for (const persona of who) {
          list.push(ordinary(route, "GET", { persona, target: `${path}?${key}=${value}`, note: `${key}=${value}` }));
        }
      }
    }
  }

  // redirect targets, where a page redirects to them
  for (const from of FROM_VALUES) {
    const value = decodeURIComponentSafe(from);
    for (const persona of personas) {
      list.push(ordinary(routeOf("/login"), "GET", { persona, target: `/login?from=${from}`, note: `from=${from}` }));
      list.push(ordinary(routeOf("/"), "GET", { persona, target: `/?from=${from}`, note: `from=${from}` }));
    }
    list.push(
      ordinary(routeOf("/register"), "GET", { persona: "customer", target: `/register?from=${from}`, note: "from" }),
      ordinary(routeOf("/login"), "POST", {
        target: `/login?from=${from}`,
        note: `from=${from} with a valid sign-in`,
        body: {
          kind: "form",
          contentType: FORM_TYPE,
          data: urlencoded([
            ["email", DEMO.customer.email],
            ["password", DEMO.customer.password],
            ["from", value],
          ]),
        },
      }),
      ordinary(routeOf("/logout"), "POST", {
        note: `redirectTo=${from}`,
        body: { kind: "form", contentType: FORM_TYPE, data: urlencoded([["redirectTo", value]]) },
      }),
      ordinary(routeOf("/api/auth/sign-in/email"), "POST", {
        note: `callbackURL=${from}`,
        body: {
          kind: "JSON",
          contentType: JSON_TYPE,
          data: JSON.stringify({ ...DEMO.customer, callbackURL: value }),
        },
      }),
    );
  }

  // bodies: every kind of broken body at every route that could read one (and those that cannot)
  const bodyKinds: Body[] = [
    ...WRONG_SHAPES.slice(0, 5),
    ...MALFORMED.slice(0, 4),
    ...BIG_BODIES.slice(0, 4),
    ...BYTES.slice(0, 4),
    ...OTHER_TYPES.slice(0, 8),
    { kind: "a body without Content-Type", contentType: undefined, data: '{"email":"a@b.example"}' },
  ];
  for (const route of ROUTES) {
    if (route.kind === "static") continue;
    const writes = BODY_PUT_ROUTES.has(route.pattern) ? ["PUT"] : ["POST"];
    for (const method of writes) {
      const form = fc.sample(route.form ?? formFields(["email", "name"]), { seed: SEED, numRuns: 1 })[0];
      const json = fc.sample(route.json ?? jsonFields(["email", "name"]), { seed: SEED, numRuns: 1 })[0];
      // a page without a form gets a few posts only: what it answers does not depend on the body
      const readsBody = route.kind !== "page" || Boolean(route.form);
      const kinds: Body[] = [
        ...(readsBody
          ? bodyKinds
          : bodyKinds.filter((b) => b.kind === "XML" || b.kind === "multipart without boundary")),
        { kind: "form", contentType: FORM_TYPE, data: urlencoded(form) },
        { kind: "form sent as text/plain", contentType: "text/plain", data: urlencoded(form) },
        { kind: "JSON", contentType: JSON_TYPE, data: JSON.stringify(json) },
        { kind: "JSON sent as text/plain", contentType: "text/plain", data: JSON.stringify(json) },
      ];
      for (const body of kinds) {
        // a route that ends the session reads its body first: only well-formed ones go signed in
        // (requests that end a session are sent one at a time, so they are kept few)
        const persona = route.endsSession && body.kind !== "form" && body.kind !== "JSON" ? "anonymous" : undefined;
        list.push(ordinary(route, method, { body, persona, note: "body" }));
      }
    }
  }

  // headers: each odd header on a few kinds of route
  const targets: [string, string][] = [
    ["/", "GET"],
    ["/dashboard/manageorders", "GET"],
    ["/api/orders", "GET"],
    ["/api/wishlist", "POST"],
    ["/contact", "POST"],
  ];
  for (const [pattern, method] of targets) {
    const route = routeOf(pattern);
    const body: Body | undefined =
      method === "POST"
        ? route.kind === "page"
          ? { kind: "form", contentType: FORM_TYPE, data: "name=Ada&email=a%40b.example&message=Hello+there+friend" }
          : { kind: "JSON", contentType: JSON_TYPE, data: '{"productId":"@@product:0@@"}' }
        : undefined;
    const variants: [string, [string, string][], string[]][] = [
      ...GARBAGE_COOKIES.map((c): [string, [string, string][], string[]] => [
        `Cookie ${c.slice(0, 30)}`,
        [["Cookie", c]],
        [],
      ]),
      ...GARBAGE_COOKIES.slice(0, 6).map((c): [string, [string, string][], string[]] => [
        `Cookie ${c.slice(0, 30)} beside the session`,
        [["Cookie", `@@cookie@@; ${c}`]],
        [],
      ]),
      ...AUTHORIZATIONS.map((a): [string, [string, string][], string[]] => [
        `Authorization ${a.slice(0, 30)}`,
        [["Authorization", a]],
        ["Cookie"],
      ]),
      ...ACCEPTS.map((a): [string, [string, string][], string[]] => [`Accept ${a}`, [["Accept", a]], []]),
      ...ACCEPT_ENCODINGS.map((a): [string, [string, string][], string[]] => [
        `Accept-Encoding ${a}`,
        [["Accept-Encoding", a]],
        [],
      ]),
      ...ORIGINS.map((o): [string, [string, string][], string[]] => [`Origin ${o}`, [["Origin", o]], []]),
      [`no Origin`, [], ["Origin"]],
      ...HOSTS.map((h): [string, [string, string][], string[]] =>
        h === undefined ? ["no Host", [], ["Host"]] : [`Host ${h}`, [["Host", h]], []],
      ),
      ...EXTRA_HEADERS.map((h): [string, [string, string][], string[]] => [`${h[0]} ${h[1]}`, [h], []]),
    ];
    for (const [note, headers, drop] of variants) {
      list.push(ordinary(route, method, { headers, drop, body, note }));
    }
  }
  return list;
}

/**
 * The whole list: the sweeps above, then for every route and method PER_COMBO random requests
 * (each combination with its own seed), shuffled with the seed.
 */
function plan(): PlannedRequest[] {
  const list: PlannedRequest[] = [...sweeps()];
  let combo = 0;
  for (const route of ROUTES) {
    for (const method of [...MAIN_METHODS, ...EXTRA_METHODS]) {
      const runs = (EXTRA_METHODS as readonly string[]).includes(method) ? 1 : PER_COMBO;
      list.push(...fc.sample(requestArb(route, method), { seed: SEED + combo, numRuns: runs }));
      combo += 1;
    }
  }
  // interleave routes, so that concurrent requests are not all the same kind (fixed order all the same)
  return fc.sample(fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }), {
    seed: SEED,
    numRuns: 1,
  })[0];
}

// ── sending ──

type Session = { cookie: string; token: string };
type Context = {
  server: ServerProcess;
  sessions: { customer: Session; admin: Session };
  ids: Record<"product" | "order" | "review" | "wishlist", string[]>;
  unique: () => string;
};

type Outcome = {
  status: number | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
  error: string | undefined;
  /** we hung up on purpose (the body promised by Content-Length never came) */
  hungUp: boolean;
  /** the request head's size in bytes: past 16 KB Node's HTTP parser refuses it itself */
  headBytes: number;
  ms: number;
};

function resolvePlaceholders(text: string, ctx: Context, persona: Persona, session: Session | undefined): string {
  if (!text.includes("@@")) return text;
  const email = persona === "anonymous" ? DEMO.customer.email : DEMO[persona].email;
  // case-insensitive: a path may have been upper-cased with its placeholders
  return text.replace(/@@([a-z]+)(?::([a-z0-9]+))?@@/gi, (whole, found: string, rawArg: string | undefined) => {
    const name = found.toLowerCase();
    const arg = rawArg?.toLowerCase();
    switch (name) {
      case "product":
      case "order":
      case "review":
      case "wishlist": {
        const ids = ctx.ids[name];
        return ids.length ? ids[Number(arg) % ids.length] : `no-${name}-yet`;
      }
      case "email":
        return arg === "self" ? email : arg === "admin" ? DEMO.admin.email : DEMO.customer.email;
      case "origin":
        return ctx.server.url;
      case "port":
        return String(ctx.server.port);
      case "hostport":
        return `localhost:${ctx.server.port}`;
      case "unique":
        return ctx.unique();
      case "cookie":
        return session?.cookie ?? "";
      case "token":
        return session?.token ?? "no-token";
      default:
        return whole;
    }
  });
}

/** Header values as Node lets them through (latin-1 without control characters). */
const headerSafe = (value: string) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, "?");
/** A request target as Node lets it through (no spaces, controls or characters past latin-1). */
const targetSafe = (value: string) => value.replace(/[^\x21-\xff]/g, (c) => encodeURIComponent(c).replace(/%25/g, "%"));

function decodeBody(raw: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === "gzip") return zlib.gunzipSync(raw).toString("utf8");
    if (encoding === "deflate") return zlib.inflateSync(raw).toString("utf8");
    if (encoding === "br") return zlib.brotliDecompressSync(raw).toString("utf8");
  } catch {
    return raw.toString("utf8");
  }
  return raw.toString("utf8");
}

type Wire = {
  method: string;
  target: string;
  headers: [string, string][];
  body: Uint8Array | undefined;
  framing: Framing;
};

function send(server: ServerProcess, wire: Wire): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const headers: string[] = [];
    for (const [k, v] of wire.headers) headers.push(k, headerSafe(v));
    const body = wire.body;
    const length = body?.byteLength ?? 0;
    const normal = wire.framing === "normal";
    switch (wire.framing) {
      case "normal":
        if (body) headers.push("Content-Length", String(length));
        break;
      case "cl-garbage":
        headers.push("Content-Length", "abc");
        break;
      case "cl-negative":
        headers.push("Content-Length", "-1");
        break;
      case "cl-short":
        headers.push("Content-Length", String(Math.floor(length / 2)));
        break;
      case "cl-long":
        headers.push("Content-Length", String(length + 100));
        break;
      case "cl-duplicate":
        headers.push("Content-Length", String(length), "Content-Length", String(length + 1));
        break;
      case "te-and-cl":
        headers.push("Transfer-Encoding", "chunked", "Content-Length", String(length));
        break;
      case "te-unknown":
        headers.push("Transfer-Encoding", "x-garbage");
        break;
    }
    if (!normal) headers.push("Connection", "close");
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const headBytes = wire.target.length + headers.reduce((n, h) => n + h.length + 2, 0);
    const finish = (outcome: Omit<Outcome, "ms" | "headBytes">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (connection) connection.destroy();
      resolve({ ...outcome, headBytes, ms: Date.now() - started });
    };
    // A connection of its own (so a broken connection is blamed on the request that broke it), but
    // a keep-alive one: the server then reads an unread body to its end instead of closing the
    // socket on it, which the client would see as a reset instead of the answer.
    const connection = normal ? new http.Agent({ keepAlive: true, maxSockets: 1 }) : false;
    let req: http.ClientRequest;
    try {
      req = http.request({
        host: server.host,
        port: server.port,
        method: wire.method,
        path: targetSafe(wire.target),
        headers,
        setHost: false,
        agent: connection,
      });
    } catch (error) {
      finish({
        status: undefined,
        headers: {},
        body: "",
        error: `not sent: ${(error as Error).message}`,
        hungUp: false,
      });
      return;
    }
    timer = setTimeout(
      () => {
        const hungUp = wire.framing === "cl-long" || wire.framing === "te-and-cl" || wire.framing === "te-unknown";
        finish({ status: undefined, headers: {}, body: "", error: hungUp ? undefined : "timed out", hungUp });
        req.destroy();
      },
      normal ? REQUEST_TIMEOUT_MS : HANG_UP_MS,
    );
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= 8 * 1024 * 1024) chunks.push(chunk);
      });
      const done = (error?: string) =>
        finish({
          status: res.statusCode,
          headers: res.headers,
          body: decodeBody(Buffer.concat(chunks), res.headers["content-encoding"]),
          error,
          hungUp: false,
        });
      res.on("end", () => done());
      res.on("error", (e) => done(`response: ${e.message}`));
      res.on("aborted", () => done("response aborted"));
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      finish({ status: undefined, headers: {}, body: "", error: error.code ?? error.message, hungUp: false });
    });
    if (body) req.write(Buffer.from(body));
    if (wire.framing === "cl-long") {
      // the promised rest never comes: keep the socket open until we hang up
      return;
    }
    req.end();
  });
}

async function signIn(server: ServerProcess, who: "customer" | "admin"): Promise<Session> {
  const outcome = await send(server, {
    method: "POST",
    target: "/api/auth/sign-in/email",
    headers: [
      ["Host", `localhost:${server.port}`],
      ["Origin", server.url],
      ["Content-Type", JSON_TYPE],
    ],
    body: te.encode(JSON.stringify(DEMO[who])),
    framing: "normal",
  });
  if (outcome.status !== 200) {
    throw new Error(`signing in as the demo ${who} failed: ${outcome.status} ${outcome.error ?? outcome.body}`);
  }
  const setCookies = outcome.headers["set-cookie"] ?? [];
  const cookie = setCookies
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
  const token = String(outcome.headers["set-auth-token"] ?? "");
  if (!cookie) throw new Error(`signing in as the demo ${who} set no cookie`);
  return { cookie, token };
}

async function getJson(server: ServerProcess, target: string, session?: Session): Promise<unknown> {
  const headers: [string, string][] = [["Host", `localhost:${server.port}`]];
  if (session) headers.push(["Cookie", session.cookie]);
  const outcome = await send(server, { method: "GET", target, headers, body: undefined, framing: "normal" });
  try {
    return JSON.parse(outcome.body);
  } catch {
    return undefined;
  }
}

async function postJson(server: ServerProcess, target: string, session: Session, json: unknown): Promise<void> {
  await send(server, {
    method: "POST",
    target,
    headers: [
      ["Host", `localhost:${server.port}`],
      ["Origin", server.url],
      ["Cookie", session.cookie],
      ["Content-Type", JSON_TYPE],
    ],
    body: te.encode(JSON.stringify(json)),
    framing: "normal",
  });
}

const idsIn = (value: unknown, key = "_id"): string[] =>
  Array.isArray(value)
    ? value
        .map((item) => (item && typeof item === "object" ? (item as Record<string, unknown>)[key] : undefined))
        .filter((id): id is string => typeof id === "string")
    : [];

/** Real ids for the placeholders: products, orders, reviews and wishlist entries (made when there are none). */
async function collectIds(server: ServerProcess, sessions: Context["sessions"]): Promise<Context["ids"]> {
  const products = await getJson(server, "/api/products?limit=100");
  const product = idsIn(products);
  const firstProduct = product[0];
  if (firstProduct) {
    await postJson(server, "/api/wishlist", sessions.customer, { productId: firstProduct });
    await postJson(server, "/api/orders", sessions.customer, {
      full_name: "Ada Lovelace",
      address: "12 Analytical Street",
      city: "London",
      state: "Greater London",
      zip: "NW1 6XE",
      phone: "+44 20 7946 0958",
      checkbox: true,
      productId: firstProduct,
    });
  }
  await postJson(server, "/api/reviews", sessions.customer, { description: "Solid and well made.", rating: 4 });
  const orders = await getJson(server, "/api/orders?limit=100", sessions.admin);
  const reviews = await getJson(server, "/api/reviews?limit=100", sessions.admin);
  const wishlist = await getJson(server, `/api/wishlist/${DEMO.customer.email}`, sessions.customer);
  return { product, order: idsIn(orders), review: idsIn(reviews), wishlist: idsIn(wishlist) };
}

async function inPool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// ── judging ──

const ESC = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const LEAKS: [string, RegExp][] = [
  ["stack trace", /\bat (?:[^\s()]+ \()?(?:file:\/\/|node:|\/)[^\s()"<]*:\d+:\d+\)?/],
  ["node_modules path", /node_modules/],
  ["project path", new RegExp(`/build/server/|/work/|file://|${ESC(ROOT)}`)],
  [
    "error class name",
    /\b(?:TypeError|ReferenceError|SyntaxError|RangeError|EvalError|URIError|AggregateError|SqliteError|DatabaseError|ZodError|BetterAuthError|PrismaClient|KyselyError)\b/,
  ],
  ["'Error:' message", /(?:^|[\s>"'])(?:[A-Z][A-Za-z]*)?Error: [^\s<"]/],
  [
    "database message",
    /error: relation|SQLITE_[A-Z]+|no such (?:table|column)|syntax error at or near|invalid input syntax for|violates (?:foreign key|unique|not-null|check) constraint|duplicate key value|value too long for type|out of range for type|column "[^"]*" does not exist|operator does not exist|could not determine data type|invalid byte sequence for encoding|unsupported Unicode escape sequence|FOREIGN KEY constraint failed|UNIQUE constraint failed|NOT NULL constraint failed/i,
  ],
  [
    "JSON parser message",
    /Unexpected token|Unexpected end of JSON input|JSON at position|Unexpected non-whitespace character|Bad control character in string literal|Expected property name or '}'|Expected ',' or/,
  ],
  [
    "validation internals (zod issues)",
    /"code"\s*:\s*"(?:invalid_type|invalid_format|too_big|too_small|invalid_value|invalid_union|unrecognized_keys|invalid_key|invalid_element|not_multiple_of)"|"expected"\s*:\s*"[a-z]+"\s*,\s*"(?:code|path|received)"/,
  ],
  [
    "JavaScript runtime message",
    /Cannot read propert(?:y|ies) of|is not a function|is not defined\b|is not iterable|Maximum call stack size exceeded|Cannot convert (?:undefined|null|object)|Invalid time value|Invalid array length|\bERR_[A-Z_]{4,}\b/,
  ],
  ["connection string", /postgres(?:ql)?:\/\//],
];

/** `key` groups findings of one cause (with the first line of the body); `detail` shows the first of them */
type Finding = { category: string; key: string; detail: string };

function firstLine(body: string): string {
  const text = body.trim();
  if (/^<(?:!doctype|html)/i.test(text)) {
    const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1] ?? "";
    const h1 = /<h1[^>]*>([^<]*)</i.exec(text)?.[1] ?? "";
    return `HTML page "${title}"${h1 ? ` / h1 "${h1}"` : ""}`;
  }
  return (text.split("\n")[0] ?? "").slice(0, 200) || "(empty body)";
}

/** Numbers, ids and ports out, so that one cause makes one group. */
const normalise = (text: string) =>
  text
    .replace(/(Invalid [\w ]+): [^\n]*/g, "$1: <value>")
    .replace(/\\*"\/[^"\\]*\\*"/g, '"<path>"')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<uuid>")
    .replace(/\b[A-Za-z0-9_-]{20,}\b/g, "<id>")
    .replace(/:\d{4,5}\b/g, ":<port>")
    .replace(/\b\d{3,}\b/g, "<n>");

function judge(req: PlannedRequest, out: Outcome, ctx: Context): Finding[] {
  const findings: Finding[] = [];
  if (out.status === undefined) {
    if (out.hungUp || out.error?.startsWith("not sent")) return findings;
    // Node's own HTTP parser answers 400/431 to a request it cannot read (broken framing, a head
    // past 16 KB, a target that is neither a path nor a URL) and closes the connection, which the
    // client may see as a reset: not the shop's doing. Any other request is owed an answer.
    const target = req.target;
    const parserRefuses =
      req.framing !== "normal" ||
      out.headBytes > 16_000 ||
      !(target.startsWith("/") || target.startsWith("http://")) ||
      /[^\x21-\x7e]/.test(target);
    const error = out.error ?? "no response";
    if (!parserRefuses) findings.push({ category: "no answer", key: error, detail: error });
    return findings;
  }
  const first = firstLine(out.body);
  if (out.status >= 500) findings.push({ category: "5xx answer", key: first, detail: first });
  const headerText = Object.entries(out.headers)
    .filter(([name]) => name !== "set-cookie" && name !== "date")
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(", ") : value}`)
    .join("\n");
  const dataDir = ctx.server.dataDir;
  const leaks: [string, RegExp][] = [...LEAKS, ["data folder path", new RegExp(ESC(dataDir))]];
  for (const [name, pattern] of leaks) {
    for (const [where, text] of [
      ["body", out.body],
      ["headers", headerText],
    ] as const) {
      const match = pattern.exec(text);
      if (!match) continue;
      const at = match.index;
      const snippet = text
        .slice(Math.max(0, at - 40), at + 100)
        .replace(/\s+/g, " ")
        .trim();
      findings.push({
        category: "leaked internals",
        key: `${name} in the ${where} of ${first}`,
        detail: `${name} in the ${where} (${first}): …${snippet}…`,
      });
      break;
    }
  }
  const location = out.headers.location;
  if (location && !req.foreignHost) {
    let target: URL | undefined;
    try {
      target = new URL(location, ctx.server.url);
    } catch {
      const detail = `Location that is no URL: ${JSON.stringify(location)}`;
      findings.push({ category: "unsafe redirect", key: "Location that is no URL", detail });
    }
    if (target && target.origin !== new URL(ctx.server.url).origin) {
      findings.push({
        category: "unsafe redirect",
        key: "off-site",
        detail: `redirects off-site: Location ${JSON.stringify(location)} → ${target.origin}`,
      });
    }
  }
  const cookies = out.headers["set-cookie"] ?? [];
  if (cookies.some((c) => /^(?:x|fuzzinjected)=/i.test(c)) || "fuzzinjected" in out.headers) {
    findings.push({
      category: "header injection",
      key: "Set-Cookie",
      detail: `injected Set-Cookie: ${cookies.join(" | ").slice(0, 200)}`,
    });
  }
  return findings;
}

// ── the server's log ──

type LogEntry = { count: number; text: string };
type LogReport = { errors: LogEntry[]; other: LogEntry[] };

/** terminal colours (ESC [ … m) and the timestamp Better Auth's logger puts first */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const cleanLogLine = (line: string) => line.replace(ANSI, "").replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z\s+/, "");

const isFrame = (line: string) => /^\s+at |^\s+\.\.\. \d+ lines? matching/.test(line);
/** where another printed error begins (its message may run over several lines before its stack) */
const startsError = (line: string) =>
  /^(?:[A-Z]\w*)?(?:Error|Exception)\b|^The URL path|^Uncaught|^\(node:\d+\)|^\[|^Warning\b|^(?:ERROR|WARN|INFO)\b/.test(
    line,
  );

/**
 * The server's output, judged: `errors` are pino entries at level error or fatal and whatever was
 * printed with a stack trace or naming an exception (React Router prints what a loader or action
 * throws); `other` is any further output that is not pino's JSON (shown, not failed).
 */
function readLog(log: string): LogReport {
  const found = { errors: new Map<string, LogEntry>(), other: new Map<string, LogEntry>() };
  const add = (kind: keyof typeof found, text: string) => {
    const key = normalise(text);
    const entry = found[kind].get(key);
    if (entry) entry.count += 1;
    else found[kind].set(key, { count: 1, text });
  };
  let block: string[] = [];
  const flush = () => {
    if (!block.length) return;
    const lines = block;
    block = [];
    const message = lines.filter((l) => !/^\s|^[}\]]/.test(l)).join(" ⏎ ");
    const frames = lines.filter(isFrame).map((l) => l.trim());
    const causes = lines.map((l) => /\[cause\]: (.*)/.exec(l)?.[1]).filter((c): c is string => Boolean(c));
    const exception =
      frames.length > 0 || /(?:[A-Z]\w*)?(?:Error|Exception)\b|[Uu]ncaught|[Uu]nhandled|FATAL/.test(message);
    const where =
      frames.find((f) => f.startsWith("at ") && !f.includes("node_modules") && !f.includes("node:")) ?? frames[0];
    const cause = causes.length ? ` (cause: ${causes.join("; ")})` : "";
    add(
      exception ? "errors" : "other",
      `${message.slice(0, 300)}${cause}${where ? `\n          first frame: ${where}` : ""}`,
    );
  };
  for (const raw of log.split("\n")) {
    const line = cleanLogLine(raw);
    if (!line.trim()) continue;
    if (line.startsWith("{")) {
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { type?: string; message?: string } };
        flush();
        if ((entry.level ?? 0) >= 50) {
          const err = entry.err ? ` (${entry.err.type}: ${String(entry.err.message).split("\n")[0]})` : "";
          add("errors", `pino level ${entry.level}: ${entry.msg}${err}`);
        }
        continue;
      } catch {
        // not JSON after all: judged as text below
      }
    }
    const indented = /^\s|^[}\]]/.test(line);
    const hasDetail = block.some((l) => /^\s|^[}\]]/.test(l));
    if (block.length && !indented && (hasDetail || startsError(line))) flush();
    block.push(line);
  }
  flush();
  const sorted = (m: Map<string, LogEntry>) => [...m.values()].sort((a, b) => b.count - a.count);
  return { errors: sorted(found.errors), other: sorted(found.other) };
}

// ── the test ──

/** CPU seconds a process has used so far (Linux; 0 elsewhere), to tell its work from a busy machine */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/** source files changed after the build (so the build does not show the current code) */
function newerSources(builtAt: number): string[] {
  const newer: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(?:tsx?|css)$/.test(entry.name) && statSync(full).mtimeMs > builtAt)
        newer.push(path.relative(ROOT, full));
    }
  };
  for (const dir of ["app", "server", "domain", "db"]) {
    if (existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir));
  }
  return newer;
}

/** control characters (from the bodies) shown as escapes, so that the report stays text */
const printable = (text: string) =>
  Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    return (code < 0x20 && c !== "\n") || code === 0x7f ? `\\x${code.toString(16).padStart(2, "0")}` : c;
  }).join("");

type Group = {
  category: string;
  method: string;
  pattern: string;
  status: string;
  detail: string;
  count: number;
  personas: Set<Persona>;
  example: string;
  /** the first request of the group, sent again on its own to see what the server logs for it */
  sample: PlannedRequest;
  /** what the server logged for the sample */
  cause?: string;
  /** the grouping key beside method, pattern and status */
  key: string;
  /** what was odd about the requests of the group (their body, or else their first oddity), counted */
  triggers: Map<string, number>;
};

function describeRequest(req: PlannedRequest, target: string, ctx: Context): string {
  const shown = target.length > 160 ? `${target.slice(0, 160)}… (${target.length} chars)` : target;
  const notes = req.notes.map((note) =>
    resolvePlaceholders(
      note.replaceAll("@@token@@", "<session token>").replaceAll("@@cookie@@", "<session>"),
      ctx,
      req.persona,
      undefined,
    ),
  );
  return `${req.persona}: ${req.method} ${shown}${notes.length ? ` [${notes.join("; ").slice(0, 400)}]` : ""}`;
}

describe("fuzz: malformed requests against the built shop", () => {
  let server: ServerProcess | undefined;

  const missingBuild = !existsSync(SERVER_BUILD);
  let startMs = 0;

  beforeAll(async () => {
    if (missingBuild) return; // the test fails below, saying so
    const stale = newerSources(statSync(SERVER_BUILD).mtimeMs);
    if (stale.length) {
      console.warn(
        `[fuzz] ${path.relative(ROOT, SERVER_BUILD)} is older than ${stale.slice(0, 3).join(", ")}${stale.length > 3 ? ` and ${stale.length - 3} more` : ""}: ` +
          "the fuzz test runs the last build; run `npx react-router build` to test the current code.",
      );
    }
    const t0 = Date.now();
    server = await startServerProcess();
    startMs = Date.now() - t0;
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  it("answers every malformed request without a 5xx or internals, and stays up", async () => {
    if (missingBuild) {
      throw new Error(
        `The fuzz test needs the built shop and ${path.relative(ROOT, SERVER_BUILD)} is missing: run \`npx react-router build\` first.`,
      );
    }
    if (!server) throw new Error("the shop did not start");
    const s = server;
    const started = Date.now();
    const sessions = { customer: await signIn(s, "customer"), admin: await signIn(s, "admin") };
    let counter = 0;
    const ctx: Context = {
      server: s,
      sessions,
      ids: await collectIds(s, sessions),
      unique: () => `${SEED}-${Date.now().toString(36)}-${(counter++).toString(36)}`,
    };
    const requests = plan();
    expect(requests.length).toBeGreaterThanOrEqual(2_000);

    /** the log arrives through a pipe: waits until it has been quiet for a moment */
    const quietLog = async () => {
      for (let seen = -1, i = 0; seen !== s.log().length && i < 20; i++) {
        seen = s.log().length;
        await new Promise((r) => setTimeout(r, CONCURRENCY === 1 ? 10 : 30));
      }
    };
    /** one request per logged error (FUZZ_CONCURRENCY=1 only) */
    const logExamples = new Map<string, string>();
    const fire = async (req: PlannedRequest) => {
      const session = req.persona === "anonymous" ? undefined : sessions[req.persona];
      const resolve = (text: string) => resolvePlaceholders(text, ctx, req.persona, session);
      const headers = req.headers
        .map(([k, v]): [string, string] => [k, resolve(v)])
        .filter(([k, v]) => !(k === "Cookie" && v === ""));
      if (req.body?.contentType !== undefined) headers.push(["Content-Type", req.body.contentType]);
      const data = req.body?.data;
      const body = data === undefined ? undefined : typeof data === "string" ? te.encode(resolve(data)) : data;
      const target = resolve(req.target);
      const logBefore = s.log().length;
      const outcome = await send(s, { method: req.method, target, headers, body, framing: req.framing });
      if (CONCURRENCY === 1) {
        await quietLog();
        for (const e of readLog(s.log().slice(logBefore)).errors) {
          const key = normalise(e.text);
          if (!logExamples.has(key)) logExamples.set(key, describeRequest(req, target, ctx));
        }
      }
      return { req, target, outcome, findings: judge(req, outcome, ctx) };
    };
    /** signs in again when a request has ended the persona's session */
    const ensureSession = async (persona: Persona) => {
      if (persona === "anonymous") return;
      const who = (await getJson(s, "/api/auth/get-session", sessions[persona])) as { user?: unknown } | null;
      if (!who?.user) sessions[persona] = await signIn(s, persona);
    };
    // Requests that may end their session (sign-out, /logout, revoking sessions) go last, one at a
    // time, each with a session known to be alive; the rest share the two sessions concurrently.
    const endsOwnSession = (req: PlannedRequest) =>
      req.endsSession && req.persona !== "anonymous" && !SAFE_METHODS.has(req.method);
    const serverCpuBefore = cpuSeconds(s.pid);
    const results = await inPool(
      requests.filter((req) => !endsOwnSession(req)),
      CONCURRENCY,
      fire,
    );
    const customerSession = (await getJson(s, "/api/auth/get-session", sessions.customer)) as {
      user?: { email?: string; role?: string };
    } | null;
    for (const req of requests.filter(endsOwnSession)) {
      await ensureSession(req.persona);
      results.push(await fire(req));
    }
    const serverCpu = cpuSeconds(s.pid) - serverCpuBefore;
    const fuzzMs = Date.now() - started;

    // afterwards: still up, still healthy, sessions still there, nothing unhandled in the log
    await new Promise((r) => setTimeout(r, 300)); // let the last log lines arrive
    const { errors: logEntries, other: otherOutput } = readLog(s.log());
    const health = await send(s, {
      method: "GET",
      target: "/api/health",
      headers: [["Host", `localhost:${s.port}`]],
      body: undefined,
      framing: "normal",
    });
    const alive = s.alive();

    // group the findings
    const groups = new Map<string, Group>();
    for (const { req, target, outcome, findings } of results) {
      for (const f of findings) {
        const status = outcome.status === undefined ? "no answer" : String(outcome.status);
        const key = [f.category, req.method, req.pattern, status, normalise(f.key)].join(" | ");
        let group = groups.get(key);
        if (!group) {
          group = {
            category: f.category,
            method: req.method,
            pattern: req.pattern,
            status,
            detail: f.detail.slice(0, 300),
            count: 0,
            personas: new Set(),
            example: describeRequest(req, target, ctx),
            sample: req,
            key: f.key,
            triggers: new Map(),
          };
          groups.set(key, group);
        }
        group.count += 1;
        group.personas.add(req.persona);
        const specificSweep = req.notes.find((n) => n.startsWith("sweep: ") && n !== "sweep: body");
        const bodyNote = req.notes.find((n) => n.startsWith("body: "));
        const trigger = (specificSweep ?? bodyNote ?? req.notes[0] ?? "a plain request")
          .replace(/@@token@@/g, "<session token>")
          .slice(0, 80);
        group.triggers.set(trigger, (group.triggers.get(trigger) ?? 0) + 1);
      }
    }
    // one request of each 5xx (or unanswered) group again, alone: what the server logs for it is the cause
    const replayStarted = Date.now();
    for (const group of groups.values()) {
      if (group.category !== "5xx answer" && group.category !== "no answer") continue;
      const before = s.log().length;
      await ensureSession(group.sample.persona);
      const again = await fire(group.sample);
      await quietLog();
      const logged = readLog(s.log().slice(before));
      const status = again.outcome.status ?? again.outcome.error ?? "no answer";
      group.cause = `sent again alone: ${status}; the server logged: ${logged.errors[0]?.text ?? logged.other[0]?.text ?? "nothing"}`;
    }

    const replayMs = Date.now() - replayStarted;
    const routeOrder = new Map(ROUTES.map((r, i) => [r.pattern, i]));
    const baseOf = (pattern: string) => pattern.replace(/ \(path: .*\)$/, "").replace(/\.data$/, "");
    const methodOrder = [...MAIN_METHODS, ...EXTRA_METHODS] as string[];
    const sorted = [...groups.values()].sort(
      (a, b) =>
        a.category.localeCompare(b.category) ||
        (routeOrder.get(baseOf(a.pattern)) ?? 99) - (routeOrder.get(baseOf(b.pattern)) ?? 99) ||
        a.pattern.localeCompare(b.pattern) ||
        methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method) ||
        a.status.localeCompare(b.status),
    );

    // the report
    const lines: string[] = [];
    const statuses = new Map<string, number>();
    for (const { outcome } of results) {
      const key = outcome.status === undefined ? (outcome.hungUp ? "hung up" : "none") : String(outcome.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    const byPersona = { anonymous: 0, customer: 0, admin: 0 };
    for (const { req } of results) byPersona[req.persona] += 1;
    lines.push(
      `Fuzz of the built shop on ${s.engine}: seed ${SEED}, ${results.length} requests in ${(fuzzMs / 1000).toFixed(1)} s ` +
        `(${byPersona.anonymous} anonymous, ${byPersona.customer} as the demo customer, ${byPersona.admin} as the demo admin).`,
      `Start-up of the shop ${(startMs / 1000).toFixed(1)} s; the run took ${serverCpu.toFixed(1)} s of the server's CPU; ` +
        `the 5xx groups sent again in ${(replayMs / 1000).toFixed(1)} s.`,
      `Statuses: ${[...statuses.entries()]
        .sort()
        .map(([k, n]) => `${k}×${n}`)
        .join(", ")}`,
      "",
    );
    // groups that differ only in their method are printed together, one method count each
    const printed = new Map<string, Group[]>();
    for (const g of sorted) {
      const key = [g.category, g.pattern, g.status, normalise(g.key)].join(" | ");
      printed.set(key, [...(printed.get(key) ?? []), g]);
    }
    let category = "";
    for (const same of printed.values()) {
      const g = same[0];
      if (g.category !== category) {
        category = g.category;
        const inCategory = sorted.filter((x) => x.category === category);
        const total = inCategory.reduce((n, x) => n + x.count, 0);
        lines.push(`── ${category}: ${total} request(s) in ${inCategory.length} group(s) ──`);
      }
      const personas = [...new Set(same.flatMap((x) => [...x.personas]))].join(", ");
      const triggers = new Map<string, number>();
      for (const x of same) for (const [t, n] of x.triggers) triggers.set(t, (triggers.get(t) ?? 0) + n);
      const causes = [...new Set(same.map((x) => x.cause).filter((c): c is string => Boolean(c)))];
      lines.push(
        `  ${same.map((x) => `${x.method}×${x.count}`).join(" ")} ${g.pattern} → ${g.status} (${personas})`,
        `      ${g.detail}`,
        `      by: ${[...triggers.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([t, n]) => `${t} ×${n}`)
          .join("; ")}`,
        `      e.g. ${g.example}`,
        ...causes.map((c) => `      ${c.replaceAll("\n", "\n      ")}`),
      );
    }
    const after: string[] = [];
    if (health.status !== 200) after.push(`/api/health answers ${health.status ?? health.error} after the run`);
    if (!alive) after.push("the server process is no longer running");
    if (after.length) lines.push("", "── the server after the run ──", ...after.map((a) => `  ${a}`));
    if (logEntries.length) {
      lines.push("", `── errors in the server's log: ${logEntries.reduce((n, e) => n + e.count, 0)} entries ──`);
      for (const e of logEntries) {
        lines.push(`  (${e.count}×) ${e.text}`);
        const example = logExamples.get(normalise(e.text));
        if (example) lines.push(`          e.g. ${example}`);
      }
      if (CONCURRENCY > 1) lines.push("  (FUZZ_CONCURRENCY=1 names a request for each of these)");
    }
    if (otherOutput.length) {
      lines.push("", "── other output of the server (not counted as failures) ──");
      for (const e of otherOutput) lines.push(`  (${e.count}×) ${e.text}`);
    }
    if (customerSession?.user?.email !== DEMO.customer.email) {
      lines.push("", "note: the demo customer's shared session ended during the run (later requests went anonymously)");
    } else if (customerSession.user.role === "admin") {
      lines.push("", "note: the demo customer was made an admin during the run");
    }
    const slowest = [...results].sort((a, b) => b.outcome.ms - a.outcome.ms).slice(0, 8);
    lines.push(
      "",
      "slowest requests:",
      ...slowest.map(
        (r) =>
          `  ${r.outcome.ms} ms → ${r.outcome.status ?? r.outcome.error ?? "hung up"}: ${describeRequest(r.req, r.target, ctx).slice(0, 250)}`,
      ),
    );
    // control characters from the bodies, shown as escapes
    const report = printable(lines.join("\n"));
    mkdirSync(path.join(ROOT, ".tmp"), { recursive: true });
    const reportFile = path.join(ROOT, ".tmp", `fuzz-report-${s.engine}.txt`);
    writeFileSync(reportFile, `${report}\n`);
    writeFileSync(
      reportFile.replace(/\.txt$/, ".json"),
      JSON.stringify(
        {
          engine: s.engine,
          seed: SEED,
          requests: results.length,
          groups: sorted.map(({ sample: _, ...g }) => ({
            ...g,
            personas: [...g.personas],
            triggers: Object.fromEntries(g.triggers),
          })),
          after,
          log: logEntries,
        },
        null,
        2,
      ),
    );

    const problems = sorted.length + after.length + logEntries.length;
    expect(problems, `${report}\n\n(also in ${path.relative(ROOT, reportFile)})\n`).toBe(0);
  }, 300_000);
});
