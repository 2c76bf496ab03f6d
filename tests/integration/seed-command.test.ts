/**
 * `npm run seed` on a shop that already sells: it refuses to wipe orders unless told to. Runs on SQLite
 * and (TEST_DATABASE_URL) PostgreSQL.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createServerDatabase, NODE24, startServerProcess } from "../support/server-process.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "vitrine-seed-"));

describe("npm run seed", () => {
  it("refuses to wipe a shop that has orders, saying what it would delete, unless --force", async () => {
    // a data folder and database of our own, which stopping the server leaves in place
    const dataDir = tempDir();
    const database = process.env.TEST_DATABASE_URL
      ? await createServerDatabase(process.env.TEST_DATABASE_URL)
      : undefined;
    const server = await startServerProcess({ dataDir, databaseUrl: database?.url });
    const { url } = server;
    const request = (p: string, init: RequestInit & { json?: unknown } = {}) =>
      fetch(`${url}${p}`, {
        ...init,
        headers: { "content-type": "application/json", origin: url, ...(init.headers ?? {}) },
        body: init.json ? JSON.stringify(init.json) : init.body,
      });
    const signIn = await request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: "customer@demo.vitrine.test", password: "demo-customer-1234" },
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const [product] = await (await request("/api/products?limit=1")).json();
    const order = await request("/api/orders", {
      method: "POST",
      headers: { cookie },
      json: {
        full_name: "Seed Tester",
        address: "1 Way",
        city: "Town",
        state: "State",
        zip: "12345",
        phone: "+1 555 000 0000",
        checkbox: true,
        productId: product._id,
      },
    });
    expect(order.status).toBe(201);
    await server.stop();
    const env = {
      PATH: process.env.PATH ?? "",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
    };
    const refused = spawnSync(NODE24, ["scripts/seed.ts"], { cwd: ROOT, env, encoding: "utf8" });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/This shop has 1 order\(s\)\. Re-seeding would delete them/);
    const forced = spawnSync(NODE24, ["scripts/seed.ts", "--force"], { cwd: ROOT, env, encoding: "utf8" });
    expect(forced.status, forced.stderr).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }, 240_000);
});
