import { Link } from "react-router";
import { HELP_PAGES } from "../../domain/content/help-rules.ts";
import { telHref } from "../lib/format.ts";
import { MailIcon, PhoneIcon, PinIcon } from "./Icons.tsx";
import { PaymentBadges } from "./PaymentBadges.tsx";
import { Wordmark } from "./Wordmark.tsx";

export type FooterContact = { address: string; phones: string[]; email: string; hours: string };

const categoryLinks = [
  { slug: "men", label: "Men" },
  { slug: "women", label: "Women" },
  { slug: "accessories", label: "Accessories" },
  { slug: "shoes", label: "Shoes" },
  { slug: "denim", label: "Denim" },
];

const infoLinks = [
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact Us" },
  { to: "/storeLocation", label: "Store Locations" },
  { to: "/dashboard", label: "My Account" },
];

// the help pages an admin writes, with the blog for News (in the spec's order)
const helpLinks = [
  ...HELP_PAGES.slice(0, 3).map((p) => ({ to: `/help/${p.slug}`, label: p.title })),
  { to: "/blogs", label: "News" },
  ...HELP_PAGES.slice(3).map((p) => ({ to: `/help/${p.slug}`, label: p.title })),
];

export function Footer({ shopName, contact }: { shopName: string; contact: FooterContact }) {
  const heading = "mb-4 text-sm font-semibold uppercase tracking-wider text-white";
  const link = "text-ink-300 hover:text-white focus-visible:outline-2 focus-visible:outline-accent-400";
  return (
    <footer className="mt-16 bg-ink-900 text-sm text-ink-300">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <Link to="/" className="text-2xl font-bold text-white" aria-label={`${shopName} home`}>
            <Wordmark name={shopName} />
          </Link>
          <h2 id="footer-contact" className="sr-only">
            Contact
          </h2>
          <ul className="mt-4 space-y-3">
            <li className="flex gap-2">
              <PinIcon className="mt-0.5 h-4 w-4 shrink-0" />
              <span>{contact.address}</span>
            </li>
            {contact.phones.map((p) => (
              <li key={p} className="flex gap-2">
                <PhoneIcon className="mt-0.5 h-4 w-4 shrink-0" />
                <a className={link} href={telHref(p)}>
                  {p}
                </a>
              </li>
            ))}
            <li className="flex gap-2">
              <MailIcon className="mt-0.5 h-4 w-4 shrink-0" />
              <a className={link} href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </li>
          </ul>
        </section>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className={heading}>
            Shop by category
          </h2>
          <ul className="space-y-2">
            {categoryLinks.map((c) => (
              <li key={c.slug}>
                <Link className={link} to={`/product?category=${c.slug}`}>
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-info">
          <h2 id="footer-info" className={heading}>
            Information
          </h2>
          <ul className="space-y-2">
            {infoLinks.map((l) => (
              <li key={l.to}>
                <Link className={link} to={l.to}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className={heading}>
            Help
          </h2>
          <ul className="space-y-2">
            {helpLinks.map((l) => (
              <li key={l.to}>
                <Link className={link} to={l.to}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col items-center justify-between gap-4 py-6 sm:flex-row">
          <p>© 2022 {shopName}. All rights reserved.</p>
          <PaymentBadges />
        </div>
      </div>
    </footer>
  );
}
