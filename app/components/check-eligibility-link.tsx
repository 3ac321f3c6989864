import { Link } from "react-router";
import { buttonVariants } from "./ui/button";

/** The loan pages' call to action: "Check Eligibility »", to the eligibility check unless told otherwise. */
export function CheckEligibilityLink({
  to = "/apply",
  variant,
  className,
}: {
  to?: string;
  variant?: "primary" | "inverse";
  className?: string;
}) {
  return (
    <Link to={to} className={buttonVariants({ size: "lg", variant, className })}>
      Check Eligibility »
    </Link>
  );
}
