/**
 * A real OpenID Connect provider (the certified `oidc-provider` package) on 127.0.0.1, standing in
 * for Google in the tests: the shop discovers it through GOOGLE_DISCOVERY_URL and runs the whole
 * authorization-code flow (PKCE, nonce, ID token signed with this server's key, userinfo) against it.
 *
 * Its interaction pages are deliberately simple, for a test to drive in a browser or with fetch:
 *
 *   GET  /interaction/:uid          login form (email, name, "email verified") or consent screen
 *   POST /interaction/:uid/login    signs in as whatever email was typed (no password)
 *   POST /interaction/:uid/consent  "Allow": grants openid email profile to the shop
 *   POST /interaction/:uid/abort    "Cancel" / "Deny": back to the shop with error=access_denied
 *
 * In code:  const oidc = await startOidcServer({ shopOrigin }); … await oidc.stop();
 * As a CLI (Playwright's webServer):
 *   node tests/support/oidc-server.ts --port 4180 --shop http://localhost:4173 [--client-id ID] [--client-secret S]
 */
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

export const OIDC_CLIENT = { clientId: "vitrine-test-client", clientSecret: "vitrine-test-client-secret-0123456789" };
/** Better Auth's callback for a social provider with id "google" (see server/auth.ts). */
export const CALLBACK_PATH = "/api/auth/callback/google";

export type OidcServer = {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** the accounts signed in so far, by email */
  accounts: Map<string, OidcAccount>;
  stop: () => Promise<void>;
};

export type OidcAccount = { sub: string; email: string; name: string; emailVerified: boolean; picture: string };

export type OidcServerOptions = {
  /** the shop's public origin, e.g. http://localhost:4173 (its redirect_uri is registered) */
  shopOrigin: string;
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
};

export async function startOidcServer(options: OidcServerOptions): Promise<OidcServer> {
  const host = options.host ?? "127.0.0.1";
  const clientId = options.clientId ?? OIDC_CLIENT.clientId;
  const clientSecret = options.clientSecret ?? OIDC_CLIENT.clientSecret;
  const shopOrigin = options.shopOrigin.replace(/\/+$/, "");
  const accounts = new Map<string, OidcAccount>();
  const bySub = new Map<string, OidcAccount>();

  // Listen first: the issuer has to name the port, which may be chosen by the system.
  let handle: http.RequestListener = (_req, res) => {
    res.writeHead(503).end();
  };
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: "jwk" }),
    kid: randomBytes(8).toString("hex"),
    alg: "RS256",
    use: "sig",
  };

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: "Vitrine (test shop)",
        redirect_uris: [`${shopOrigin}${CALLBACK_PATH}`],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        // Better Auth's default for a client with a secret
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    scopes: ["openid", "email", "profile"],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = bySub.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: account.emailVerified,
            name: account.name,
            picture: account.picture,
          };
        },
      };
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = page("Sign-in error", `<h1>Sign-in error</h1><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  const oidcCallback = provider.callback();

  const remember = (email: string, name: string, emailVerified: boolean): OidcAccount => {
    const normalized = email.trim().toLowerCase();
    const sub = createHash("sha256").update(normalized).digest("hex").slice(0, 24);
    const account: OidcAccount = {
      sub,
      email: normalized,
      name: name.trim() || normalized.split("@")[0],
      emailVerified,
      picture: `${issuer}/avatar/${sub}.svg`,
    };
    accounts.set(normalized, account);
    bySub.set(sub, account);
    return account;
  };

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const [, , uid, step] = url.pathname.split("/");
    let details: Awaited<ReturnType<typeof provider.interactionDetails>>;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      send(
        res,
        400,
        page("Sign-in expired", `<h1>This sign-in has expired</h1><p>Go back to the shop and start again.</p>`),
      );
      return;
    }
    if (details.uid !== uid) {
      send(res, 400, page("Sign-in expired", `<h1>This sign-in has expired</h1>`));
      return;
    }
    const client = await provider.Client.find(String(details.params.client_id));
    const clientName = escapeHtml(client?.clientName ?? String(details.params.client_id));

    if (req.method === "GET" && !step) {
      if (details.prompt.name === "login") {
        send(
          res,
          200,
          page(
            "Sign in",
            `<h1>Sign in</h1>
            <p>to continue to <strong>${clientName}</strong></p>
            <form method="post" action="/interaction/${uid}/login">
              <p><label>Email <input type="email" name="email" autocomplete="email" required autofocus></label></p>
              <p><label>Name <input type="text" name="name" autocomplete="name"></label></p>
              <p><label><input type="checkbox" name="email_verified" value="true" checked> Email verified</label></p>
              <p><button type="submit">Sign in</button></p>
            </form>
            <form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`,
          ),
        );
        return;
      }
      const account = details.session?.accountId ? bySub.get(details.session.accountId) : undefined;
      const scopes = String(details.params.scope ?? "")
        .split(" ")
        .filter(Boolean);
      send(
        res,
        200,
        page(
          "Allow access",
          `<h1>${clientName} wants to access your account</h1>
          <p>Signed in as <strong>${escapeHtml(account?.email ?? "")}</strong></p>
          <p>It asks for: ${scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(", ")}</p>
          <form method="post" action="/interaction/${uid}/consent"><button type="submit">Allow</button></form>
          <form method="post" action="/interaction/${uid}/abort"><button type="submit">Deny</button></form>`,
        ),
      );
      return;
    }

    if (req.method !== "POST") {
      send(res, 405, page("Not allowed", "<h1>Method not allowed</h1>"));
      return;
    }
    const form = new URLSearchParams(await readBody(req));
    if (step === "login" && details.prompt.name === "login") {
      const email = form.get("email") ?? "";
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
        send(res, 400, page("Sign in", `<h1>Enter an email address</h1><p><a href="/interaction/${uid}">Back</a></p>`));
        return;
      }
      const account = remember(email, form.get("name") ?? "", form.get("email_verified") === "true");
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (step === "consent" && details.prompt.name === "consent") {
      const accountId = details.session?.accountId;
      if (!accountId) throw new Error("consent without a signed-in account");
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ??
          new provider.Grant({ accountId, clientId: String(details.params.client_id) }))
        : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(" "));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    if (step === "abort") {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "End-User aborted interaction" },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    send(res, 400, page("Sign in", `<h1>Unexpected step</h1><p><a href="/interaction/${uid}">Back</a></p>`));
  }

  handle = (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname.startsWith("/interaction/")) {
      interaction(req, res, url).catch((error: unknown) => {
        if (!res.headersSent) send(res, 500, page("Error", `<h1>Error</h1><pre>${escapeHtml(String(error))}</pre>`));
        else res.end();
      });
      return;
    }
    const avatar = /^\/avatar\/([0-9a-f]+)\.svg$/.exec(url.pathname);
    if (avatar) {
      const account = bySub.get(avatar[1]);
      const letter = escapeHtml((account?.name ?? "?").slice(0, 1).toUpperCase());
      res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "no-store" });
      res.end(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#4285F4"/><text x="16" y="21" font-size="16" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`,
      );
      return;
    }
    oidcCallback(req, res);
  };

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    accounts,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(html);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – Test OpenID Provider</title></head><body>${body}</body></html>`;
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
      if (body.length > 64 * 1024) req.destroy(new Error("body too large"));
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

// ── CLI: node tests/support/oidc-server.ts --port N --shop http://localhost:M ──

function argValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i >= 0) return argv[i + 1];
  const prefixed = argv.find((a) => a.startsWith(`${name}=`));
  return prefixed?.slice(name.length + 1);
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const argv = process.argv.slice(2);
  const shop = argValue(argv, "--shop");
  if (!shop) {
    console.error(
      "usage: node tests/support/oidc-server.ts --port N --shop http://localhost:M [--client-id ID] [--client-secret SECRET]",
    );
    process.exit(2);
  }
  const oidc = await startOidcServer({
    shopOrigin: shop,
    port: Number(argValue(argv, "--port") ?? 0),
    clientId: argValue(argv, "--client-id"),
    clientSecret: argValue(argv, "--client-secret"),
  });
  console.log(`OpenID Connect test provider at ${oidc.issuer} (discovery ${oidc.discoveryUrl}) for ${shop}`);
  const shutdown = () => void oidc.stop().then(() => process.exit(0));
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
