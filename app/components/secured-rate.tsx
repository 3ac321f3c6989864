import type { ReactNode } from "react";
import { type ExampleTerms, RepresentativeExample } from "./representative-example";
import { RepossessionWarning } from "./risk-warnings";
import { cn } from "./ui/cn";

/**
 * The one place in a loan page's body that carries the repossession warning: beside the
 * page's representative example, straight after the hero that quotes the rate and asks
 * for the application (DECISIONS D19, docs/decisions/043). The route's handle says
 * `example: "in-page"`, so the footer prints no second example.
 */
export function SecuredRate({
  example,
  className,
  children,
}: {
  example?: ExampleTerms;
  className?: string;
  /** Before the warning (the school fees calculator). */
  children?: ReactNode;
}) {
  return (
    <div className={cn("mx-auto max-w-7xl space-y-4 px-4 pt-8", className)}>
      {children}
      <RepossessionWarning />
      <RepresentativeExample {...example} />
    </div>
  );
}
