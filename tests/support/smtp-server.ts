/**
 * A real SMTP server on 127.0.0.1 for the tests (the `smtp-server` package), which parses every
 * message it accepts with `mailparser` and keeps it. It can be stopped and started again on the
 * same port (the mail server is down, then back), and told to refuse messages with an SMTP error.
 *
 * In code:   const smtp = await startSmtpServer();  …  SMTP_URL: smtp.url  …  await smtp.waitFor({ to })
 * As a CLI (Playwright's webServer), with a small HTTP API for the browser tests:
 *   node tests/support/smtp-server.ts --smtp-port 2525 --http-port 2526
 *   GET http://127.0.0.1:2526/messages?to=a@b.test  → JSON list of messages to that address, oldest first
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  /** the SMTP envelope: who the server was told the mail is for */
  envelopeTo: string[];
  envelopeFrom: string;
  messageId: string;
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** every http(s) link in the HTML, in order */
  links: string[];
  receivedAt: number;
};

export type SmtpTestServer = {
  port: number;
  /** the SMTP_URL the shop needs */
  url: string;
  messages: ReceivedMail[];
  /** resolves with the first message (received before or within `timeoutMs`) that matches */
  waitFor: (match: { to?: string; subject?: RegExp }, timeoutMs?: number) => Promise<ReceivedMail>;
  messagesTo: (address: string) => ReceivedMail[];
  /** from now on, answer every message with this SMTP error (`null`: accept again) */
  refuseWith: (reply: { code: number; message: string } | null) => void;
  /** how many messages were refused */
  refused: () => number;
  stop: () => Promise<void>;
  /** starts again on the same port */
  start: () => Promise<void>;
};

export async function startSmtpServer(options: { port?: number; host?: string } = {}): Promise<SmtpTestServer> {
  const host = options.host ?? "127.0.0.1";
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusal: { code: number; message: string } | null = null;
  let refusedCount = 0;
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      closeTimeout: 200,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            if (refusal) {
              refusedCount += 1;
              const error = new Error(refusal.message) as Error & { responseCode: number };
              error.responseCode = refusal.code;
              callback(error);
              return;
            }
            const html = typeof parsed.html === "string" ? parsed.html : "";
            messages.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              messageId: parsed.messageId ?? "",
              from: addressText(parsed.from),
              to: addressText(parsed.to),
              replyTo: addressText(parsed.replyTo),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html,
              links: [...html.matchAll(/href="(https?:[^"]+)"/g)].map((m) => m[1].replaceAll("&amp;", "&")),
              receivedAt: Date.now(),
            });
            callback();
            for (const wake of waiters) wake();
          })
          .catch((err: Error) => callback(err));
      },
    });

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const s = make();
      s.on("error", () => {});
      s.server.once("error", reject);
      s.listen(port, host, () => {
        port = (s.server.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.close(() => resolve());
    });

  const matches = (m: ReceivedMail, match: { to?: string; subject?: RegExp }) =>
    (!match.to || m.envelopeTo.includes(match.to.toLowerCase())) && (!match.subject || match.subject.test(m.subject));

  await start();
  const api: SmtpTestServer = {
    get port() {
      return port;
    },
    get url() {
      return `smtp://${host}:${port}`;
    },
    messages,
    messagesTo: (address) => messages.filter((m) => m.envelopeTo.includes(address.toLowerCase())),
    waitFor: (match, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find((m) => matches(m, match));
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`no mail ${JSON.stringify({ ...match, subject: match.subject?.source })} within ${timeoutMs} ms`),
          );
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      }),
    refuseWith: (reply) => {
      refusal = reply;
    },
    refused: () => refusedCount,
    stop,
    start,
  };
  return api;
}

function addressText(value: unknown): string {
  if (!value) return "";
  const list = Array.isArray(value) ? value : [value];
  return list.map((a: { text?: string }) => a.text ?? "").join(", ");
}

// ── CLI: node tests/support/smtp-server.ts --smtp-port N --http-port M ──

function argValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i >= 0) return argv[i + 1];
  return argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const argv = process.argv.slice(2);
  const smtp = await startSmtpServer({ port: Number(argValue(argv, "--smtp-port") ?? 0) });
  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/messages") return void res.writeHead(404).end();
    const to = url.searchParams.get("to");
    const list = to ? smtp.messagesTo(to) : smtp.messages;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => web.listen(Number(argValue(argv, "--http-port") ?? 0), "127.0.0.1", resolve));
  console.log(`SMTP test server at ${smtp.url}, messages at http://127.0.0.1:${(web.address() as AddressInfo).port}`);
  const shutdown = () => void Promise.all([smtp.stop(), new Promise((r) => web.close(r))]).then(() => process.exit(0));
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
