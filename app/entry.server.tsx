import { Writable } from "node:stream";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestContextKey } from "../server/context.ts";
import { InlineCssContext } from "./lib/inline-css.tsx";
import { pageScript } from "./lib/page-script.server.ts";
import { PageScriptContext } from "./lib/page-script.tsx";
import { inlineCss, withPageStyles } from "./lib/styles.server.ts";

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, plus the request's Content-Security-Policy nonce on every inline
 * script React Router writes (the server sets the policy; see server/http/security-headers.ts), and
 * streaming errors logged with the request id instead of printed to the console.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const ctx = loadContext.get(requestContextKey);
  const nonce = ctx.nonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // crawlers get the whole page at once; people get the shell as soon as it is ready
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <InlineCssContext.Provider value={inlineCss}>
        <PageScriptContext.Provider value={{ source: pageScript, nonce }}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageScriptContext.Provider>
      </InlineCssContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The page is read whole (the shop's pages have no Suspense: the shell is the page) so that a
          // page served without React gets the rules it uses in its <head> (withPageStyles).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              try {
                const html = withPageStyles(Buffer.concat(chunks).toString("utf8"));
                resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              } catch (error) {
                reject(error);
              }
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) ctx.log.error({ err: error }, "error while streaming a page");
        },
      },
    );
  });
}

/** Errors in loaders and actions: logged once, with the request id, never shown to the visitor. */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  // a visitor who left, or an answer like 404 or 405 that React Router makes itself, is no failure of ours
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  context.get(requestContextKey).log.error({ err: error, path: new URL(request.url).pathname }, "page error");
}
