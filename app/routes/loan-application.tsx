import { EligibilityPage } from "~/features/eligibility/eligibility-page";
import type { Route } from "./+types/loan-application";

// The same screen as /apply (spec section 2), posting to itself without script; its canonical address is /apply.
export { action, meta } from "./apply";

export default function LoanApplication({ actionData }: Route.ComponentProps) {
  return <EligibilityPage posted={actionData} />;
}
