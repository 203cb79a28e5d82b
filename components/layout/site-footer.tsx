import { RETURNS_POLICY_PATH } from "@/lib/orders/returns-policy";

const CONTACT_PATH = "/contact";
import { SiteLogo } from "./site-logo";

// docs/PRODUCT.md §2.1: logo, copyright 2024, social buttons that do nothing, dummy links, a non-functional
// 'Get updates' box and a credit line. The dummy links point at the page itself ("#").
// Beyond the spec: the returns policy and the contact page (the store's support address, the seller
// and the grievance officer the E-Commerce Rules 2020 ask a shop to name), real pages.
const LINK_GROUPS: { title: string; links: (string | { label: string; href: string })[] }[] = [
  { title: "Company", links: ["Blog", "Pricing", "About Us", { label: "Contact us", href: CONTACT_PATH }, "Testimonials"] },
  {
    title: "Support",
    links: ["Legal policy", "Status policy", "Privacy policy", "Terms of service", { label: "Returns policy", href: RETURNS_POLICY_PATH }, { label: "Contact and grievances", href: `${CONTACT_PATH}#grievances` }],
  },
];

const SOCIALS = [
  { label: "Instagram", path: "M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm5 5a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm6-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z" },
  { label: "X", path: "M4 3h4.5l4 5.6L17.2 3H20l-6.2 7.3L21 21h-4.5l-4.4-6.1L6.8 21H4l6.8-7.9z" },
  { label: "YouTube", path: "M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1c.4-1.2.4-3.8.4-3.8s0-2.6-.4-3.8zM10 15V9l5.2 3z" },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t print:hidden border-slate-200 bg-white text-sm text-slate-700">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <SiteLogo />
          <p>© 2024 Volt Electronics. All rights reserved.</p>
          <ul className="flex gap-2" aria-label="Social media">
            {SOCIALS.map((social) => (
              <li key={social.label}>
                <button type="button" aria-label={social.label} className="grid h-9 w-9 place-items-center rounded-full bg-slate-100 text-slate-700 hover:bg-slate-200">
                  <svg viewBox="0 0 24 24" className="h-4 w-4 fill-current" aria-hidden="true">
                    <path d={social.path} />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        </div>
        {LINK_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="mb-3 font-semibold text-slate-900">{group.title}</h2>
            <ul className="space-y-2">
              {group.links.map((link) => {
                const { label, href } = typeof link === "string" ? { label: link, href: "#" } : link;
                return (
                  <li key={label}>
                    <a href={href} className="hover:text-brand-700 hover:underline">
                      {label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        ))}
        <form className="space-y-3" aria-labelledby="footer-updates">
          <h2 id="footer-updates" className="font-semibold text-slate-900">
            Get updates
          </h2>
          <div className="flex overflow-hidden rounded-full border border-slate-300 bg-white">
            <label htmlFor="footer-email" className="sr-only">
              Your email address
            </label>
            <input id="footer-email" type="email" placeholder="Your email address" className="w-full min-w-0 bg-transparent px-4 py-2 outline-none" />
            <button type="button" className="shrink-0 bg-slate-900 px-4 font-medium text-white hover:bg-slate-700">
              Subscribe
            </button>
          </div>
        </form>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-600">
        Made with care for shoppers everywhere · Volt Electronics, an open-source storefront
        <span className="mt-1 block">
          PIN-code data:{" "}
          <a href="https://www.geonames.org" className="underline underline-offset-2 hover:text-brand-700">
            GeoNames
          </a>
          , licensed under{" "}
          <a href="https://creativecommons.org/licenses/by/4.0/" className="underline underline-offset-2 hover:text-brand-700">
            CC BY 4.0
          </a>
        </span>
      </p>
    </footer>
  );
}
