import { type ReactNode, useEffect, useRef } from "react";
import { Link, NavLink as RouterNavLink, useLocation } from "react-router";
import { isExternal, mainNavigation, type NavLink } from "~/content/navigation";
import { BrandMark } from "./brand-mark";
import { useSite } from "./site-config";
import { buttonVariants } from "./ui/button";
import { cn } from "./ui/cn";

/** A link in the navigation: `colour` until it is the page shown, then the accent, underlined. */
function NavItem({ link, className, colour }: { link: NavLink; className: string; colour: string }) {
  if (isExternal(link.href)) {
    return (
      <a href={link.href} className={cn(className, colour)}>
        {link.label}
      </a>
    );
  }
  return (
    <RouterNavLink
      to={link.href}
      end
      prefetch="intent"
      className={({ isActive }) =>
        cn(className, isActive ? "text-accent-700 underline decoration-2 underline-offset-8" : colour)
      }
    >
      {link.label}
    </RouterNavLink>
  );
}

/**
 * The site header. On a phone the navigation folds into a native disclosure
 * (<details>): it opens by touch, Enter or Space before any script has loaded.
 * `account` is the account feature's menu, placed by the root layout; `phoneAccount`
 * its entries for the phone menu. On a phone the bar holds only the brand and the menu
 * button, so nothing overlaps or wraps from 320 px (docs/decisions/172).
 */
export function SiteHeader({ account, phoneAccount }: { account: ReactNode; phoneAccount?: ReactNode }) {
  const site = useSite();
  const links = mainNavigation(site);
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();

  // Close the phone menu after navigating, and only then: a menu opened before the script
  // came stays open when React takes the page over (its first run is that, not a navigation).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* On a phone the brand name stays on one line: a size smaller, with tighter gaps. */}
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-3 py-3 sm:gap-4 sm:px-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 text-brand-900" aria-label={`${site.brandName} home`}>
          <BrandMark className="h-8 w-8 shrink-0 sm:h-9 sm:w-9" />
          <span className="whitespace-nowrap text-base font-bold tracking-tight sm:text-lg">{site.brandName}</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-6">
            {links.map((link) => (
              <li key={link.label}>
                <NavItem link={link} className="text-sm font-medium hover:text-brand-800" colour="text-slate-700" />
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex shrink-0 items-center gap-2">
          <Link to="/apply" className={cn(buttonVariants({ size: "sm" }), "max-sm:hidden")}>
            Check Eligibility »
          </Link>
          {account}
          <details ref={menu} className="group relative lg:hidden">
            <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 font-medium text-slate-800 [&::-webkit-details-marker]:hidden">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M4 6h16M4 12h16M4 18h16" className="group-open:hidden" />
                <path d="M6 6l12 12M18 6L6 18" className="hidden group-open:block" />
              </svg>
              {/* Below 360 px the word gives way to the brand; the button keeps it as its name. */}
              <span className="max-[359px]:sr-only">Menu</span>
            </summary>
            <nav
              aria-label="Main (mobile)"
              className="absolute right-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
            >
              <ul>
                {links.map((link) => (
                  <li key={link.label}>
                    <NavItem
                      link={link}
                      className="block rounded-lg px-3 py-3 font-medium hover:bg-brand-50"
                      colour="text-slate-800"
                    />
                  </li>
                ))}
                {phoneAccount}
                <li className="mt-2">
                  <Link to="/apply" className={cn(buttonVariants({ size: "md" }), "w-full")}>
                    Check Eligibility »
                  </Link>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
