import { Form, NavLink, Outlet, useFetcher } from "react-router";
import { DomainError } from "../../../domain/shared/errors.ts";
import { Spinner } from "../../components/Field.tsx";
import { ShieldIcon, UserIcon } from "../../components/Icons.tsx";
import { authErrorMessage, callAuth, EMAIL_VERIFIED_PATH } from "../../lib/auth.server.ts";
import { handleForm } from "../../lib/form.server.ts";
import { signedInOnly } from "../../lib/guards.server.ts";
import { mailLeavesTheShop } from "../../lib/mail-sending.server.ts";
import { requestCtx, requireSignedIn } from "../../lib/request.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const who = requireSignedIn(ctx, request);
  return {
    name: who.user.name,
    admin: who.kind === "admin",
    email: who.user.email,
    emailVerified: who.user.emailVerified,
    mailLeavesTheShop: mailLeavesTheShop(ctx),
  };
}

/** The banner's "Resend verification email" (its form posts here, to the dashboard's layout). */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  const who = requireSignedIn(ctx, request);
  return handleForm(request, {
    run: async () => {
      const result = await callAuth(ctx, request, "/send-verification-email", {
        email: who.user.email,
        callbackURL: EMAIL_VERIFIED_PATH,
      });
      if (!result.ok) {
        throw new DomainError(result.status === 429 ? "rate_limited" : "bad_request", authErrorMessage(result));
      }
    },
    success: mailLeavesTheShop(ctx)
      ? `We have sent a new link to ${who.user.email}. It works for 24 hours.`
      : `This shop cannot send mail yet, so no link could be sent to ${who.user.email}. Please contact the shop.`,
  });
}

/** Shown until the customer confirms their address: why it matters, and a new link on request. */
function VerifyEmailBanner({
  email,
  canSend,
  posted,
}: {
  email: string;
  /** whether the shop has a mail server: without one no link was sent, and none can be */
  canSend: boolean;
  posted: Route.ComponentProps["actionData"];
}) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  // with JavaScript the fetcher's answer; without, the page the form post rendered
  const outcome = fetcher.data ?? posted;
  return (
    <section
      aria-labelledby="verify-email-title"
      className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="verify-email-title" className="font-semibold">
        Please confirm your email address
      </h2>
      {canSend ? (
        <p className="mt-1 text-sm">
          We sent a link to <span className="break-all font-medium">{email}</span>. Confirming it lets us help you if
          you forget your password, and lets you sign in with Google too.
        </p>
      ) : (
        <p className="mt-1 text-sm">
          This shop cannot send mail yet, so no link could be sent to{" "}
          <span className="break-all font-medium">{email}</span>. Please contact the shop to confirm it.
        </p>
      )}
      {canSend && (
        <fetcher.Form method="post" action="/dashboard" className="mt-3">
          <button type="submit" className="btn-secondary px-3 py-1.5 text-sm" disabled={busy}>
            {busy && <Spinner />}
            {busy ? "Sending…" : "Resend verification email"}
          </button>
        </fetcher.Form>
      )}
      <div role="status">
        {outcome?.message && (
          <p className={`mt-2 text-sm font-medium ${outcome.ok ? "text-green-800" : "text-red-800"}`}>
            {outcome.message}
          </p>
        )}
      </div>
    </section>
  );
}

const customerLinks = [
  { to: "/dashboard/myorders", label: "My Orders" },
  { to: "/dashboard/addreview", label: "Add A Review" },
  { to: "/dashboard/payment", label: "Payment" },
  { to: "/mywishlists", label: "My Wishlist" },
];
const adminLinks = [
  { to: "/dashboard/manageorders", label: "Manage All Orders" },
  { to: "/dashboard/manageallproducts", label: "Manage Products" },
  { to: "/dashboard/inventory", label: "Inventory" },
  { to: "/dashboard/addnewproduct", label: "Add A Product" },
  { to: "/dashboard/reviews", label: "All Customer Reviews" },
  { to: "/dashboard/makeadmin", label: "Make Admin" },
  { to: "/dashboard/mail", label: "Mail" },
  { to: "/dashboard/pages", label: "Help pages" },
  { to: "/dashboard/customers", label: "Customers" },
  { to: "/dashboard/audit", label: "Audit log" },
  { to: "/dashboard/settings", label: "Settings" },
];

function MenuLinks({ links, label }: { links: { to: string; label: string }[]; label: string }) {
  return (
    <>
      <p className="mb-2 mt-4 px-3 text-xs font-semibold uppercase tracking-wider text-ink-600 md:mt-6">{label}</p>
      <ul className="flex flex-wrap gap-1 md:block md:space-y-1">
        {links.map((l) => (
          <li key={l.to}>
            <NavLink
              to={l.to}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-1.5 text-sm font-medium md:py-2 focus-visible:outline-2 focus-visible:outline-accent-600 ${isActive ? "bg-ink-900 text-white" : "text-ink-700 hover:bg-ink-100"}`
              }
            >
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function DashboardLayout({ loaderData, actionData }: Route.ComponentProps) {
  const { name, admin, email, emailVerified, mailLeavesTheShop: canSend } = loaderData;
  return (
    <div className="container-page grid gap-8 py-8 md:grid-cols-[16rem_1fr]">
      <aside className="md:sticky md:top-24 md:self-start">
        <nav aria-label="Dashboard" className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm">
          <NavLink to="/dashboard" end className="flex items-center gap-3 rounded-lg px-3 py-2 hover:bg-ink-100">
            <span className="rounded-full bg-accent-100 p-2 text-accent-800">
              {admin ? <ShieldIcon title="Admin" /> : <UserIcon title="Customer" />}
            </span>
            <span>
              <span className="block font-semibold text-ink-900">{name}</span>
              <span className="text-xs text-ink-600">{admin ? "Admin" : "Customer"}</span>
            </span>
          </NavLink>
          <MenuLinks links={customerLinks} label="My account" />
          {admin && <MenuLinks links={adminLinks} label="Shop admin" />}
          <Form method="post" action="/logout" className="mt-4 border-t border-ink-100 pt-4 md:mt-6">
            <input type="hidden" name="redirectTo" value="/dashboard" />
            <button type="submit" className="btn-secondary w-full py-1.5 text-sm md:py-2.5">
              Logout
            </button>
          </Form>
        </nav>
      </aside>
      <section className="min-w-0">
        {!emailVerified && <VerifyEmailBanner email={email} canSend={canSend} posted={actionData} />}
        <Outlet />
      </section>
    </div>
  );
}
