/**
 * `npm run dev` as a developer runs it: Vite in front of the shop. Vite serves files from the project by
 * path, so the data folder (the database, the generated auth secret), .env files and .tmp/ must be out of
 * its reach however the path is spelled, and nothing may listen beyond localhost.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHiddenCheck } from "../../server/dev-hidden.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// the project's Node 24: the system node may be older
const NODE = path.join(ROOT, "node_modules/node/bin/node");
// inside the project on purpose: that is where Vite would serve it from by plain path
const DATA_REL = `.tmp/dev-test-data-${randomBytes(4).toString("hex")}`;
const DATA_ABS = path.join(ROOT, DATA_REL);

let server: ChildProcess;
let port: number;
let output = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A raw GET: fetch() would normalise away the `./`, `//`, `%2e` and backslash spellings under test. */
function get(target: string, host = "127.0.0.1"): Promise<{ status: number; body: Buffer; type: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host, port, path: target, method: "GET", timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          type: String(res.headers["content-type"]),
        }),
      );
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${target} timed out`)));
    req.on("error", reject);
    req.end();
  });
}

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the dev server exited (${server.exitCode ?? server.signalCode}):\n${output}`);
    }
    try {
      if ((await get("/api/health")).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the dev server did not answer /api/health in time:\n${output}`);
}

beforeAll(async () => {
  port = await freePort();
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // Vitest's own variables and any database or address settings of the caller stay out
    if (!/^(VITEST|TEST_|HOST$|PUBLIC_URL$|DATABASE_URL$|AUTH_SECRET$|DATA_DIR$)/.test(key)) env[key] = value;
  }
  Object.assign(env, { PORT: String(port), DATA_DIR: DATA_REL, NODE_ENV: "development", LOG_LEVEL: "warn" });
  server = spawn(NODE, ["server/dev.ts"], { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  // a first start optimises Vite's dependencies and seeds the demo shop: slow on a busy two-core machine
  await waitForHealth(Date.now() + 170_000);
}, 180_000);

afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    process.kill(-server.pid, "SIGTERM");
    const timer = setTimeout(() => process.kill(-server.pid!, "SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(DATA_ABS, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("serves nothing from the data folder, .env files or .tmp/, however the path is spelled", async () => {
    const secret = (JSON.parse(readFileSync(path.join(DATA_ABS, "secrets.json"), "utf8")) as { authSecret: string })
      .authSecret;
    const envExample = readFileSync(path.join(ROOT, ".env.example"), "utf8").split("\n")[0];
    const files = ["secrets.json", "shop.sqlite", "shop.sqlite-shm", "shop.sqlite-wal"];
    for (const file of files.slice(0, 3)) expect(existsSync(path.join(DATA_ABS, file)), file).toBe(true);

    const fsPrefix = `/@fs/${DATA_ABS.replaceAll("\\", "/").replace(/^\//, "")}`;
    const targets: string[] = [];
    for (const file of files) {
      targets.push(`${fsPrefix}/${file}`, `${fsPrefix}/${file}?raw`, `${fsPrefix}/${file}?import`);
      for (const suffix of ["", "?raw", "?import", "?url", "?inline", "?import&raw"]) {
        targets.push(`/${DATA_REL}/${file}${suffix}`);
      }
    }
    const dir = DATA_REL.slice(".tmp/".length);
    for (const file of ["secrets.json", "shop.sqlite"]) {
      targets.push(
        `/%2etmp/${dir}/${file}`,
        `/%2E%74mp/${dir}/${file}?raw`,
        `/.tmp/${dir}/${file.replace(".", "%2e")}`,
        `/.tmp%2f${dir}%2f${file}`,
        `//.tmp/${dir}/${file}`,
        `/.tmp//${dir}/${file}`,
        `/.tmp/./${dir}/${file}`,
        `/.tmp/${dir}/../${dir}/${file}`,
        `/%2e%2e/${path.basename(ROOT)}/${DATA_REL}/${file}`,
        `/x/../@fs${fsPrefix.slice("/@fs".length)}/${file}`,
        `/.tmp\\${dir}\\${file}`,
        `${fsPrefix.replace("/@fs/", "/@fs//")}/${file}`,
        `${fsPrefix}/./${file}?raw`,
        `/%40fs${fsPrefix.slice("/@fs".length)}/${file}`,
        `/@id/${DATA_REL}/${file}?raw`,
        `/@id/./${DATA_REL}/${file}?raw`,
      );
    }
    targets.push("/.env", "/.env?raw", "/.env.example", "/.env.example?raw", "/.env.example?import");
    targets.push(`/@fs/${ROOT.replaceAll("\\", "/").replace(/^\//, "")}/.env.example?raw`, "/%2eenv.example");

    const leaks: string[] = [];
    for (const target of targets) {
      const { status, body } = await get(target);
      const text = body.toString("latin1");
      const problems = [
        status < 400 && `status ${status}`,
        text.includes(secret) && "the auth secret",
        text.includes("SQLite format 3") && "SQLite content",
        [0x377f0682, 0x377f0683].includes(body.length >= 4 ? body.readUInt32BE(0) : 0) && "WAL content",
        text.includes(envExample) && ".env.example content",
      ].filter(Boolean);
      if (problems.length) leaks.push(`${target}: ${problems.join(", ")} (${body.length} bytes)`);
    }
    expect(leaks).toEqual([]);
  });

  it("still renders pages and serves Vite's client", async () => {
    const page = await get("/");
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain("<html");
    const client = await get("/@vite/client");
    expect(client.status).toBe(200);
    expect(client.type).toMatch(/javascript/);
  });

  it("answers Vite's HMR websocket on its own port", async () => {
    // the "vite-ping" protocol is accepted without a token and closed at once
    const closed = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/`, "vite-ping");
      socket.onclose = (event) => resolve(event.code);
      socket.onerror = () => reject(new Error("no HMR websocket on the server's port"));
    });
    expect(closed).toBe(1000);
  });

  const outside = Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === "IPv4")?.address;

  it.skipIf(!outside)("listens on 127.0.0.1 only", async () => {
    const reached = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: outside, port, timeout: 3_000 });
      socket.on("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("timeout", () => {
        socket.destroy();
        resolve(false);
      });
      socket.on("error", () => resolve(false));
    });
    expect(reached, `the dev server answers on ${outside}:${port}`).toBe(false);
  });
});

describe("the dev server's path check", () => {
  const isHidden = createHiddenCheck("/shop", ["/shop/data", "/shop/.tmp"]);

  it("lets through what Vite and the shop need", () => {
    const served = [
      "/",
      "/app/root.tsx?v=1",
      "/app/data/x.ts",
      "/node_modules/.vite/deps/react.js?v=1",
      "/@vite/client",
      "/@react-refresh",
      "/@id/virtual:react-router/browser-manifest",
      "/@fs/elsewhere/node_modules/x.js",
      "/@fs/shop/data/../app/x.ts",
      "/media/products/a-480.webp",
      "/api/health",
    ];
    expect(served.filter(isHidden)).toEqual([]);
  });

  it("catches every spelling of a hidden path", () => {
    const hidden = [
      "/data",
      "/DATA/secrets.json",
      "/data%2fsecrets.json",
      "/%252etmp/a",
      "/x/../data/a",
      "/%2e%2e/shop/data/a",
      "/@id/@fs/shop/data/a",
      "/x/../@fs/shop/.tmp/a",
      "http://host/data/a",
      "/.env",
      "/a/.ENV.local",
      "/.en%76?raw",
      "/%",
      "*",
    ];
    expect(hidden.filter((url) => !isHidden(url))).toEqual([]);
  });
});
