/**
 * Two built shop processes on one PostgreSQL and one S3 bucket, behind Debian's haproxy — the
 * deployment of the README's "Deploying", made small. For tests/cluster/ (scripts/test.ts, stage
 * `cluster`), which runs with TEST_DATABASE_URL set to a throwaway PostgreSQL server.
 *
 *   const cluster = await startCluster();
 *   await fetch(`${cluster.url}/api/products`); // round robin over instances "a" and "b"
 *   await cluster.stop();
 *
 * Every answer through the balancer names the instance that served it (`X-Served-By: a`), and a
 * request with `X-Use-Instance: b` is sent to b (while b is in rotation): a hook of the test
 * balancer's configuration only; the shops know nothing of either header.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase } from "../../db/connection.ts";
import { type RunningHaproxy, SERVED_BY, startHaproxy, waitForBackends } from "../../scripts/haproxy.ts";
import { freePort } from "../../scripts/postgres.ts";
import { writeCatalogue } from "../../seed/index.ts";
import { type BuiltShop, ensureBuilt, startBuiltShop, waitUntilReady } from "./built-shop.ts";
import { createEmptyTarget } from "./database.ts";
import { type LocalS3, startLocalS3 } from "./s3.ts";

export { SERVED_BY };
export const PIN = "x-use-instance";
export const INSTANCES = ["a", "b"] as const;
export type InstanceName = (typeof INSTANCES)[number];

export type Instance = {
  name: InstanceName;
  port: number;
  /** the running process (replaced by start()) */
  shop: BuiltShop;
  /** starts the process again on the same port with the same settings, and waits until it is ready */
  start: () => Promise<BuiltShop>;
};

export type Cluster = {
  /** the balancer's address, the shops' PUBLIC_URL */
  url: string;
  lb: RunningHaproxy;
  s3: LocalS3;
  databaseUrl: string;
  instances: Record<InstanceName, Instance>;
  stop: () => Promise<void>;
};

export async function startCluster(
  env: Record<string, string | undefined> = {},
  options: { port?: number } = {},
): Promise<Cluster> {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error("the cluster tests need TEST_DATABASE_URL (a PostgreSQL server): run `npm run test:cluster`");
  }
  await ensureBuilt();
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {});
  };
  try {
    const target = await createEmptyTarget();
    cleanups.push(target.drop);
    const databaseUrl = target.databaseUrl as string;
    const s3 = await startLocalS3();
    cleanups.push(s3.stop);

    // the schema and the categories, as a deploy pipeline's `npm run migrate` and a first set-up would leave them
    const database = openDatabase({ dataDir: target.dataDir, databaseUrl });
    try {
      await migrateToLatest(database.db);
      await writeCatalogue(database.db, [], []);
    } finally {
      await database.close();
    }

    const [lbPort, portA, portB] = [options.port ?? (await freePort()), await freePort(), await freePort()];
    const lb = await startHaproxy(
      [
        { name: "a", port: portA },
        { name: "b", port: portB },
      ],
      { port: lbPort, pinHeader: PIN },
    );
    cleanups.push(lb.stop);

    const instances = {} as Record<InstanceName, Instance>;
    const ports: Record<InstanceName, number> = { a: portA, b: portB };
    for (const name of INSTANCES) {
      // a data folder of its own: nothing that matters may live there
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `vitrine-cluster-${name}-`));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const shopEnv = {
        ...s3.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PORT: String(ports[name]),
        PUBLIC_URL: lb.url,
        TRUST_PROXY: "1",
        // haproxy takes a draining instance out after two failed checks 250 ms apart: 3 s leaves room on a busy machine
        SHUTDOWN_GRACE_SECONDS: "3",
        RATE_LIMIT: "true",
        LOG_LEVEL: "warn",
        ...env,
      };
      const instance: Instance = {
        name,
        port: ports[name],
        shop: undefined as unknown as BuiltShop,
        start: async () => {
          const shop = await startBuiltShop(shopEnv, { waitUntilReady: false });
          instance.shop = shop;
          await waitUntilReady(shop, 60_000);
          return shop;
        },
      };
      instances[name] = instance;
      cleanups.push(async () => {
        await instance.shop?.stop();
      });
    }
    await Promise.all(INSTANCES.map((name) => instances[name].start()));
    await waitForBackends(lb, [...INSTANCES]);
    return { url: lb.url, lb, s3, databaseUrl, instances, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type Answer = { status: number; servedBy: string; headers: Headers; text: string; json: () => unknown };

/**
 * One HTTP request to the balancer on a new connection, optionally from another loopback address
 * (127.0.0.N: what the balancer, and so the shop, sees as the client's address) or pinned to an
 * instance.
 */
export function request(
  cluster: { url: string },
  pathname: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    json?: unknown;
    from?: string;
    on?: InstanceName;
  } = {},
): Promise<Answer> {
  const target = new URL(pathname, cluster.url);
  const headers: Record<string, string> = { origin: new URL(cluster.url).origin, ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers["content-type"] = "application/json";
  }
  if (init.on) headers[PIN] = init.on;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: init.method ?? "GET",
        headers,
        agent: false,
        localAddress: init.from,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d: Buffer) => chunks.push(d));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const answerHeaders = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) answerHeaders.append(k, one);
          }
          resolve({
            status: res.statusCode ?? 0,
            servedBy: String(res.headers[SERVED_BY] ?? ""),
            headers: answerHeaders,
            text,
            json: () => JSON.parse(text),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
