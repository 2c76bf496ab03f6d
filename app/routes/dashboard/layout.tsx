import { Form, NavLink, Outlet } from "react-router";
import { ShieldIcon, UserIcon } from "../../components/Icons.tsx";
import { signedInOnly } from "../../lib/guards.server.ts";
import { shop } from "../../lib/request.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

export async function loader({ context }: Route.LoaderArgs) {
  const who = await shop(context).actor();
  if (who.kind === "anonymous") throw new Error("guarded by middleware");
  return { name: who.user.name, admin: who.kind === "admin" };
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
  { to: "/dashboard/addnewproduct", label: "Add A Product" },
  { to: "/dashboard/reviews", label: "All Customer Reviews" },
  { to: "/dashboard/makeadmin", label: "Make Admin" },
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

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { name, admin } = loaderData;
  return (
    <div className="container-page grid gap-8 py-8 md:grid-cols-[16rem_1fr]">
      <aside className="md:sticky md:top-24 md:self-start">
        <nav aria-label="Dashboard" className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm">
          <NavLink to="/dashboard" end className="flex items-center gap-3 rounded-lg px-3 py-2 hover:bg-ink-100">
            <span className="rounded-full bg-accent-100 p-2 text-accent-800">{admin ? <ShieldIcon title="Admin" /> : <UserIcon title="Customer" />}</span>
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
        <Outlet />
      </section>
    </div>
  );
}
