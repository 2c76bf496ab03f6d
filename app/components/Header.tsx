import { Form, Link, NavLink, useFetchers, useLocation } from "react-router";
import { type HeaderUser, usePersonalParts } from "../lib/personal.ts";
import { CartIcon, MenuIcon } from "./Icons.tsx";
import { Wordmark } from "./Wordmark.tsx";

const links = [
  { to: "/", label: "Home" },
  { to: "/product", label: "Products" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/blogs", label: "Blogs" },
];

function NavItems({ user, vertical }: { user: HeaderUser; vertical?: boolean }) {
  const cls = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-accent-600 ${isActive ? "text-accent-700" : "text-ink-700"}`;
  return (
    <ul className={vertical ? "flex flex-col gap-1" : "flex items-center gap-1"}>
      {links.map((l) => (
        <li key={l.to}>
          <NavLink to={l.to} end={l.to === "/"} className={cls}>
            {l.label}
          </NavLink>
        </li>
      ))}
      {user?.email && (
        <>
          <li>
            <NavLink to="/mywishlists" className={cls}>
              Wishlist
            </NavLink>
          </li>
          <li>
            <NavLink to="/dashboard" className={cls}>
              Dashboard
            </NavLink>
          </li>
        </>
      )}
    </ul>
  );
}

/** Sign-in or the signed-in visitor with Logout; both come back here (a part the catalogue's page script renews). */
function Account({ user }: { user: HeaderUser }) {
  return (
    <div className="contents" data-live-part="account">
      <AccountLinks user={user} />
    </div>
  );
}

function AccountLinks({ user }: { user: HeaderUser }) {
  const location = useLocation();
  if (!user) {
    return (
      <Link
        to={`/login?from=${encodeURIComponent(location.pathname + location.search)}`}
        className="btn-primary text-sm"
      >
        Sign In
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-3 max-[420px]:gap-1">
      <img
        src={user.image ?? "/images/default-avatar.svg"}
        alt=""
        width={32}
        height={32}
        className="h-8 w-8 rounded-full bg-ink-100 object-cover max-[420px]:hidden"
      />
      <span className="hidden max-w-32 truncate text-sm font-medium text-ink-800 sm:inline">{user.name}</span>
      <Form method="post" action="/logout">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <button type="submit" className="btn-secondary text-sm max-[420px]:px-2.5">
          Logout
        </button>
      </Form>
    </div>
  );
}

/**
 * The cart link with its item count on every page; while an "Add to cart" is on its way, the count
 * already includes it (the server's count replaces it once the cart is saved).
 */
function CartLink({ count }: { count: number }) {
  const pending = useFetchers()
    .filter((f) => f.key.startsWith("add-to-cart-") && f.state !== "idle" && f.formData)
    .reduce((n, f) => n + Math.max(1, Number(f.formData?.get("quantity")) || 1), 0);
  const shown = count + pending;
  return (
    <Link
      to="/cart"
      className="relative flex h-10 items-center gap-1 rounded-md px-1.5 text-sm font-medium text-ink-800 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-accent-600"
    >
      <CartIcon className="h-6 w-6" />
      <span className="max-sm:sr-only">Cart</span>
      <span
        data-testid="cart-count"
        className="min-w-5 rounded-full bg-accent-700 px-1.5 text-center text-xs font-bold leading-5 text-white"
      >
        {shown}
      </span>
      <span className="sr-only">{shown === 1 ? "item" : "items"}</span>
    </Link>
  );
}

export function Header({
  shopName,
  root,
}: {
  shopName: string;
  root: { personal: boolean; user: HeaderUser; cartCount: number } | undefined;
}) {
  const { user, cartCount } = usePersonalParts(root);
  return (
    <header className="sticky top-0 z-30 border-b border-ink-100 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="text-xl font-bold" aria-label={`${shopName} home`}>
          <Wordmark name={shopName} />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavItems user={user} />
        </nav>
        <div className="flex items-center gap-2 max-[420px]:gap-1">
          <CartLink count={cartCount} />
          <Account user={user} />
          <details className="relative md:hidden" data-menu>
            <summary
              className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-ink-100"
              aria-label="Menu"
            >
              <MenuIcon className="h-6 w-6" />
            </summary>
            <nav
              aria-label="Mobile"
              className="absolute right-0 mt-2 w-56 rounded-lg border border-ink-100 bg-white p-2 shadow-lg"
            >
              <NavItems user={user} vertical />
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
