import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, keepFirstSecret, loadConfig } from "../../server/config.ts";

const execFileAsync = promisify(execFile);

const dataDir = `${process.env.TMPDIR ?? "/tmp"}/vitrine-config-test`;
const failure = (env: Record<string, string>) => {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("the configuration was accepted");
};

describe("configuration", () => {
  it("without any setting is a local demo: 127.0.0.1, demo accounts, demo data, a generated secret", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ env: "development", host: "127.0.0.1", demoMode: true, seedOnEmpty: true });
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("in production names every missing variable, one per line", () => {
    const message = failure({ NODE_ENV: "production" });
    expect(message).toMatch(/^ {2}- AUTH_SECRET: required in production/m);
    expect(message).toMatch(/^ {2}- PUBLIC_URL: required in production/m);
    expect(failure({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(40) })).not.toMatch(/AUTH_SECRET/);
  });

  it("in production turns demo accounts and demo seeding off unless asked", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(40),
      PUBLIC_URL: "https://shop.example.com/",
    });
    expect(config).toMatchObject({ demoMode: false, seedOnEmpty: false, publicUrl: "https://shop.example.com" });
  });

  it("reads TRUST_PROXY as a number of proxies", () => {
    const hops = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustedProxyHops;
    expect([hops("false"), hops("true"), hops("1"), hops("2")]).toEqual([0, 1, 1, 2]);
    expect(failure({ TRUST_PROXY: "yes" })).toMatch(/TRUST_PROXY/);
  });

  it("refuses a password without the admin email it belongs to, and a half Google setup", () => {
    expect(failure({ SHOP_ADMIN_PASSWORD: "long-enough-1" })).toMatch(/SHOP_ADMIN_PASSWORD: set SHOP_ADMIN_EMAIL/);
    expect(failure({ GOOGLE_CLIENT_ID: "x" })).toMatch(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
  });

  it("takes a Stripe webhook secret only with the secret after whsec_", () => {
    const stripe = (secret: string) => ({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: secret });
    for (const secret of ["whsec_", "whsec_short", "secret_0123456789abcdef"]) {
      expect(failure(stripe(secret)), secret).toMatch(/STRIPE_WEBHOOK_SECRET must be whsec_ followed by/);
    }
    expect(loadConfig({ DATA_DIR: dataDir, ...stripe("whsec_0123456789abcdef0123") }).stripe).toBeTruthy();
  });

  it("keeps images in the data folder unless S3_BUCKET names a bucket; S3 settings need the bucket", () => {
    const disk = loadConfig({ DATA_DIR: dataDir });
    expect(disk.media).toEqual({ store: "disk", dir: expect.stringMatching(/vitrine-config-test\/media$/) });
    expect(disk.mediaBaseUrl).toBe("/media");

    const s3 = loadConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: "shop-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PUBLIC_URL: "https://cdn.example.com/media/",
    });
    expect(s3.media).toEqual({
      store: "s3",
      bucket: "shop-media",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
    });
    expect(s3.mediaBaseUrl).toBe("https://cdn.example.com/media");

    expect(failure({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_PUBLIC_URL: "https://cdn.example.com" })).toMatch(
      /S3_BUCKET: required with S3_ENDPOINT, S3_PUBLIC_URL/,
    );
    expect(failure({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "key" })).toMatch(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(failure({ S3_BUCKET: "b", S3_PUBLIC_URL: "cdn.example.com" })).toMatch(/S3_PUBLIC_URL must be an http/);
  });

  it("reads the grace period before a stop", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).shutdownGraceMs).toBe(5000);
    expect(loadConfig({ DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: "0.5" }).shutdownGraceMs).toBe(500);
    expect(failure({ SHUTDOWN_GRACE_SECONDS: "-1" })).toMatch(/SHUTDOWN_GRACE_SECONDS/);
  });

  it("reads the metrics settings: nothing exposed unless asked", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).metrics).toEqual({ token: undefined, port: undefined, host: "127.0.0.1" });
    expect(failure({ METRICS_TOKEN: "short" })).toMatch(/METRICS_TOKEN must be at least 16 characters/);
    expect(failure({ PORT: "3000", METRICS_PORT: "3000" })).toMatch(/METRICS_PORT: must differ from PORT/);
  });
});

describe("the generated development secret", () => {
  const folder = () => mkdtempSync(path.join(tmpdir(), "vitrine-secret-"));

  it("keeps the first secret stored and answers it to a later writer", () => {
    const file = path.join(folder(), "secrets.json");
    expect(keepFirstSecret(file, "first-secret")).toBe("first-secret");
    // a second process that read no secret before the first stored one: the first stays
    expect(keepFirstSecret(file, "second-secret")).toBe("first-secret");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ authSecret: "first-secret" });
    expect(readdirSync(path.dirname(file))).toEqual(["secrets.json"]);
  });

  it("refuses, with a clear message, a file that holds no secret", () => {
    const file = path.join(folder(), "secrets.json");
    writeFileSync(file, "not json");
    expect(() => keepFirstSecret(file, "new-secret")).toThrow(ConfigError);
    expect(() => keepFirstSecret(file, "new-secret")).toThrow(/holds no authSecret.*AUTH_SECRET/);
    expect(readFileSync(file, "utf8")).toBe("not json");
  });

  it("is the same for eight processes starting at once on one folder", async () => {
    const dataDir = folder();
    const script = `
      import { loadConfig } from ${JSON.stringify(pathToFileURL(path.resolve("server/config.ts")).href)};
      const config = loadConfig({ NODE_ENV: "development", DATA_DIR: ${JSON.stringify(dataDir)} });
      console.log(config.authSecret);`;
    const secrets = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { stdout } = await execFileAsync(process.execPath, ["--input-type=module", "-e", script]);
        return stdout.trim();
      }),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")).authSecret).toBe(secrets[0]);
  });
});
