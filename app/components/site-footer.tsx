import { lazy, memo, Suspense } from "react";
import { Link } from "react-router";
import { REPOSSESSION_WARNING } from "~/domain/finance";
import { footerGroups, isExternal } from "~/content/navigation";
import { BrandMark } from "./brand-mark";
import { CookieSettingsButton } from "./consent/cookie-settings-button";
import type { ExampleTerms } from "~/domain/promotion-figures";
import { useFooterPromotion } from "./promotion-context";
import { useSite } from "./site-config";
import { idsFromText } from "./text-ids";

/**
 * Every page's footer: where to go next, and who we are as the regulator requires
 * (DECISIONS D12). The warning and the representative example follow what the page
 * promotes (D19, docs/decisions/043): none on a personal-loan hand-off, and no second
 * example where the page prints its own.
 */
export function SiteFooter() {
  const site = useSite();
  const promotion = useFooterPromotion();
  const year = new Date().getFullYear();
  const groups = footerGroups(site);
  const headingIds = idsFromText(
    "footer",
    groups.map((group) => group.title),
  );
  return (
    <footer className="mt-16 bg-brand-950 text-slate-200">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <div className="grid gap-10 md:grid-cols-[1.3fr_repeat(4,1fr)]">
          <div>
            <Link to="/" className="flex items-center gap-2 text-white">
              <BrandMark className="h-9 w-9" />
              <span className="text-lg font-bold">{site.brandName}</span>
            </Link>
            <p className="mt-4 text-sm">
              Homeowner loans from £10,000 to £2,500,000, arranged by UK advisers since {site.establishedYear}.
            </p>
            <p className="mt-4 text-sm">
              Call{" "}
              <a className="font-semibold text-white underline" href={`tel:${site.phone.replace(/\s/g, "")}`}>
                {site.phone}
              </a>
              <br />
              {site.openingHours}
            </p>
          </div>
          {groups.map((group, index) => (
            <nav key={group.title} aria-labelledby={headingIds[index]}>
              <h2 id={headingIds[index]} className="text-sm font-semibold uppercase tracking-wide text-white">
                {group.title}
              </h2>
              <ul className="mt-3 space-y-2 text-sm">
                {group.links.map((link) => (
                  <li key={link.label}>
                    {isExternal(link.href) ? (
                      <a href={link.href} className="hover:text-white hover:underline">
                        {link.label}
                      </a>
                    ) : (
                      <Link to={link.href} className="hover:text-white hover:underline">
                        {link.label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <div className="mt-10 space-y-4 border-t border-slate-700 pt-8 text-xs leading-relaxed text-slate-300">
          {promotion.warning && (
            <p className="rounded-md border border-amber-300/60 bg-amber-100 p-3 text-sm font-semibold text-amber-950">
              {REPOSSESSION_WARNING}
            </p>
          )}
          {promotion.example && <FooterExample example={promotion.example} />}
          <p>
            {site.brandName} is a trading style of {site.companyName}, registered in England and Wales (company number{" "}
            {site.companyNumber}), registered office {site.registeredAddress}. {site.companyName} is authorised and
            regulated by the Financial Conduct Authority as a credit broker, firm reference number{" "}
            {site.fcaFirmReference}.
          </p>
          <p>
            We are a credit broker, not a lender. We work with a panel of lenders and may receive commission from them
            when a loan completes; the amount may vary by lender and product, and we will tell you about it before you
            proceed. We charge you no upfront fee. Checking your eligibility does not affect your credit score.
          </p>
          <p>
            © {year} {site.companyName}. All rights reserved.{" "}
            <CookieSettingsButton className="ml-2 inline-flex min-h-6 items-center font-semibold text-white underline hover:no-underline" />
          </p>
        </div>
      </div>
    </footer>
  );
}

const RepresentativeExample = lazy(() =>
  import("./representative-example").then((module) => ({ default: module.RepresentativeExample })),
);

/**
 * The footer's example, drawn by a module of its own, so that the figures and the sums
 * it is computed from are no part of a form's first script (docs/decisions/501). The
 * server's HTML holds it whole; in the browser it hydrates when its module has come.
 * Memo: the page's own updates give it no new props meanwhile.
 */
const FooterExample = memo(function FooterExample({ example }: { example: ExampleTerms | "headline" }) {
  return (
    <Suspense fallback={null}>
      {example === "headline" ? (
        <RepresentativeExample tone="dark" />
      ) : (
        <RepresentativeExample tone="dark" {...example} />
      )}
    </Suspense>
  );
});
