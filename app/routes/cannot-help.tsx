import { Link } from "react-router";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { buttonVariants } from "~/components/ui/button";
import { STATIC_PAGE } from "~/components/route-handle";
import { formatPounds } from "~/domain/finance";
import { PERSONAL_MAX_LOAN } from "~/domain/rates";
import type { Route } from "./+types/cannot-help";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Unable to Assist",
    description: "We are unable to help with this loan request, but there are other places you can turn to.",
    path: "/cannot-help",
  });

/** Free, impartial help a declined borrower can turn to. */
const ALTERNATIVES = [
  {
    name: "MoneyHelper",
    href: "https://www.moneyhelper.org.uk/",
    body: "Free, impartial guidance on borrowing and debt, backed by the government. Call 0800 138 7777.",
  },
  {
    name: "StepChange Debt Charity",
    href: "https://www.stepchange.org/",
    body: "Free debt advice and practical solutions if repayments are becoming hard to manage.",
  },
  {
    name: "Citizens Advice",
    href: "https://www.citizensadvice.org.uk/debt-and-money/",
    body: "Advice on money, debt and your options, online, by phone or in person.",
  },
  {
    name: "Your bank or a credit union",
    href: "https://www.findyourcreditunion.co.uk/",
    body: "Your own bank may consider you as an existing customer; credit unions lend responsibly to members.",
  },
] as const;

/** Reading only: no React in the browser (docs/decisions/010). */
export const handle = STATIC_PAGE;

export default function CannotHelp() {
  const site = useSite();
  return (
    <div className="mx-auto max-w-3xl px-4 py-14">
      <div className="rounded-2xl border border-slate-200 p-8 shadow-sm">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-12 w-12 text-amber-600" data-icon="warning">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 7v6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          {/* The dot is a filled circle: a stroke this short would be drawn as a dash. */}
          <circle cx="12" cy="16.75" r="1.25" fill="currentColor" data-icon-dot="" />
        </svg>
        <h1 className="mt-4 text-3xl font-bold text-slate-900">Unable to Assist</h1>
        <p className="mt-4 text-lg text-slate-800">
          We regret that we are unable to assist with your loan requirements at this time.
        </p>
        {/* Only the eligibility check sends borrowers here: a tenant asking for more than
            personal loans go to, other than to buy a property (main-form.ts). */}
        <h2 className="mt-8 text-xl font-bold text-slate-900">Why we cannot help with this amount</h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
          <li>
            The homeowner loans we arrange are secured on a property, so they need a home you own, or one you are buying
            with the loan.
          </li>
          <li>
            Without one, we can introduce you to personal loans through our lending partners, and those go up to{" "}
            {formatPounds(PERSONAL_MAX_LOAN)}.
          </li>
        </ul>
        <p className="mt-3 text-slate-700">
          So we cannot introduce you to a lender on our panel for this request. This is not a credit decision and has
          left no mark on your credit file.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/apply?step=amount" className={buttonVariants({ variant: "secondary" })}>
            Change the amount
          </Link>
          <Link to="/apply-personal" className={buttonVariants({ variant: "outline" })}>
            Check personal loans
          </Link>
        </div>

        <h2 className="mt-8 text-xl font-bold text-slate-900">Other places that may be able to help</h2>
        <ul className="mt-4 space-y-4">
          {ALTERNATIVES.map((alternative) => (
            <li key={alternative.name} className="rounded-lg bg-slate-50 p-4">
              <a href={alternative.href} className="font-semibold text-brand-700 underline">
                {alternative.name}
              </a>
              <p className="mt-1 text-slate-700">{alternative.body}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-slate-700">
          If your circumstances change, or you would like to talk it through, call us on{" "}
          <a href={`tel:${site.phone.replace(/\s/g, "")}`} className="font-semibold text-brand-700 underline">
            {site.phone}
          </a>
          .
        </p>
        <Link to="/" className={`${buttonVariants({ size: "lg" })} mt-8`}>
          Return to Homepage
        </Link>
      </div>
    </div>
  );
}
