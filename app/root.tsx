import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import * as cart from "../domain/cart/index.ts";
import { adoptPriceFormat, priceFormat } from "../domain/shared/money.ts";
import type { Route } from "./+types/root";
import { Footer } from "./components/Footer.tsx";
import { Header } from "./components/Header.tsx";
import { Toast } from "./components/Toast.tsx";
import { contactDetails } from "./content/pages.ts";
import { flashContext, flashMiddleware } from "./lib/flash.server.ts";
import { useHydrated } from "./lib/hydrated.ts";
import { InlineStyles } from "./lib/inline-css.tsx";
import { PageScript } from "./lib/page-script.tsx";
import { requestCtx } from "./lib/request.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const middleware: Route.MiddlewareFunction[] = [flashMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const { config, actor: who } = ctx;
  return data({
    cartCount: await cart.cartCount(ctx),
    priceFormat: priceFormat(),
    shopName: config.shopName,
    publicUrl: config.publicUrl,
    mediaBase: config.mediaBaseUrl,
    demoMode: config.demoMode,
    contact: contactDetails,
    googleSignIn: Boolean(config.google),
    flash: context.get(flashContext),
    // a page rendered for nobody in particular may be shared (by the shop's store, or a CDN) with
    // someone who has a session or a cart: the header then loads those parts itself
    personal: ctx.personal,
    user:
      who.kind === "anonymous"
        ? null
        : { name: who.user.name, email: who.user.email, image: who.user.image, admin: who.kind === "admin" },
  });
}

/**
 * What a route's `handle` may say about its page. `hydrate: false`: a page opened as a document is
 * served without React's scripts; it works as HTML (links, forms, native dialogs) with the page
 * script's help (decision 028). Reached from a page that runs React, it renders with React as usual.
 */
export type PageHandle = { hydrate?: boolean };

/** Whether this document is served without React's scripts (decided by the server's render, and kept). */
function useWithoutReact(): boolean {
  const handles = useMatches().map((m) => m.handle as PageHandle | undefined);
  const hydrated = useHydrated();
  return !hydrated && handles.some((h) => h?.hydrate === false);
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  // prices in the browser are written as on the server, without Intl (see PriceFormat)
  if (root?.priceFormat) adoptPriceFormat(root.priceFormat);
  const shopName = root?.shopName ?? "Vitrine";
  const withoutReact = useWithoutReact();
  // data-personal: rendered for someone (a session, a cart, a message), and so sent with opener isolation; a
  // page without it takes no personal answer in place (the page script loads such an answer as a document)
  return (
    <html
      lang="en"
      data-hydrate={withoutReact ? "false" : undefined}
      data-personal={withoutReact && root?.personal ? "" : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f172a" />
        <Meta />
        <InlineStyles forThisPageOnly={withoutReact} />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-ink-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <Header shopName={shopName} root={root} />
        <main id="main" className="flex-1">
          {children}
        </main>
        {root && <Footer shopName={shopName} contact={root.contact} />}
        <Toast toast={root?.flash} />
        {!withoutReact && (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
        <PageScript />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function NotFoundContent() {
  return (
    <div className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-7xl font-extrabold text-accent-700">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page not found</h1>
      <p className="mt-3 max-w-md text-ink-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn-primary mt-8">
        Back To Home
      </Link>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>Page not found</title>
        <NotFoundContent />
      </>
    );
  }
  return (
    <div className="container-page flex flex-col items-center py-24 text-center">
      <title>Something went wrong</title>
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 max-w-md text-ink-600">Please try again in a moment.</p>
      <Link to="/" className="btn-primary mt-8">
        Back To Home
      </Link>
    </div>
  );
}
