/** How the shop starts with and without a mail server (the production rules) and reads the mail settings. */
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, StartupError } from "../../server/config.ts";
import { createServices } from "../../server/services.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server.ts";

const dataDir = `${process.env.TMPDIR ?? "/tmp"}/vitrine-config-test`;
const production = {
  DATA_DIR: dataDir,
  NODE_ENV: "production",
  AUTH_SECRET: "x".repeat(40),
  PUBLIC_URL: "https://shop.example.com",
  LOG_LEVEL: "info",
};

function capturedLog() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: "info" }, stream), lines };
}

describe("mail settings", () => {
  it("default to the preview, a sender named after the shop, and the admin's address for contact messages", () => {
    const config = loadConfig({ DATA_DIR: dataDir, SHOP_ADMIN_EMAIL: "Owner@Example.com" });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: { name: "Volt & Thread", address: "shop@localhost" },
      shopEmail: "owner@example.com",
    });
    expect(loadConfig({ DATA_DIR: dataDir }).mail.shopEmail).toBe("shop@localhost");
  });

  it("read MAIL_FROM with or without a name, and SHOP_EMAIL", () => {
    const read = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).mail;
    expect(read({ MAIL_FROM: '"Volt Shop" <Orders@Volt.example>' }).from).toEqual({
      name: "Volt Shop",
      address: "orders@volt.example",
    });
    expect(read({ MAIL_FROM: "orders@volt.example", SHOP_NAME: "Volt" }).from).toEqual({
      name: "Volt",
      address: "orders@volt.example",
    });
    expect(read({ SHOP_EMAIL: "help@volt.example", SHOP_ADMIN_EMAIL: "o@volt.example" }).shopEmail).toBe(
      "help@volt.example",
    );
  });

  it("refuse an SMTP_URL that is not smtp:// or smtps://, and a MAIL_FROM that is not an address", () => {
    const failure = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir, ...env });
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      throw new Error("accepted");
    };
    expect(failure({ SMTP_URL: "http://mail.example.com" })).toMatch(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(failure({ SMTP_URL: "smtp://" })).toMatch(/SMTP_URL/);
    expect(failure({ MAIL_FROM: "The shop" })).toMatch(/MAIL_FROM: write it as/);
    expect(failure({ MAIL_FROM: "Shop <a@b.c>\r\nBcc: x@y.z" })).toMatch(/MAIL_FROM/);
    expect(failure({ SHOP_EMAIL: "nobody" })).toMatch(/SHOP_EMAIL/);
  });
});

describe("starting in production", () => {
  let database: TestDatabase;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.stop();
    await database?.drop();
  });

  it("refuses to start, saying why, when SMTP_URL names a mail server that does not answer", async () => {
    const closed = smtp.port;
    await smtp.stop();
    try {
      const config = loadConfig({ ...production, SMTP_URL: `smtp://user:secret@127.0.0.1:${closed}` });
      const started = createServices(config, { database: database.handle, log: capturedLog().log });
      await expect(started).rejects.toBeInstanceOf(StartupError);
      await expect(started).rejects.toThrow(
        /^SMTP_URL \(smtp:\/\/user:\*\*\*@127\.0\.0\.1:\d+\): the mail server did not accept the shop/,
      );
      await expect(started).rejects.not.toThrow(/secret/);
    } finally {
      await smtp.start();
    }
  });

  it("starts with a mail server that answers", async () => {
    const { log, lines } = capturedLog();
    const services = await createServices(loadConfig({ ...production, SMTP_URL: smtp.url }), {
      database: database.handle,
      log,
    });
    await services.stop();
    expect(services.mail.transport.name).toBe("smtp");
    expect(lines.map((l) => l.msg)).toContainEqual(
      expect.stringMatching(/^sending mail through smtp:\/\/127\.0\.0\.1/),
    );
  });

  it("warns, and keeps mail for the admins, without SMTP_URL", async () => {
    const { log, lines } = capturedLog();
    const services = await createServices(loadConfig(production), { database: database.handle, log });
    await services.stop();
    expect(services.mail.transport.name).toBe("preview");
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: expect.stringMatching(/^SMTP_URL is not set: no mail leaves the shop/),
      }),
    );
  });
});
