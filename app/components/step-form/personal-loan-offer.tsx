import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { formatPounds } from "~/domain/finance";
import { HOMEOWNER_MIN_LOAN, PERSONAL_MAX_LOAN, PERSONAL_MIN_LOAN } from "~/domain/rates";

/**
 * Shown under a homeowner's amount below the secured minimum: where a loan that size can
 * be had (the domain's personalLoanOffer), so the minimum is not a dead end. A plain
 * link, so it works before the script too.
 */
export function PersonalLoanOffer({ href }: { href: string }) {
  return (
    <div className="mt-3 max-w-xl rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
      <p className="font-semibold">We arrange homeowner loans from {formatPounds(HOMEOWNER_MIN_LOAN)}.</p>
      <p className="mt-1 text-slate-800">
        For a smaller amount a personal loan may suit you better: our partners lend from{" "}
        {formatPounds(PERSONAL_MIN_LOAN)} to {formatPounds(PERSONAL_MAX_LOAN)}, not secured on your home.
      </p>
      <Link to={href} className={buttonVariants({ variant: "secondary", className: "mt-3" })}>
        Check personal loans
      </Link>
    </div>
  );
}
