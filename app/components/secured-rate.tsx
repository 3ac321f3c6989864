import type { ReactNode } from "react";
import { type ExampleTerms, RepresentativeExample } from "./representative-example";
import { RepossessionWarning } from "./risk-warnings";

/**
 * Where the block sits: a section of its own, inside a section that already has its
 * margins (`nested`), or narrowed into a grid beside a calculator (`beside-calculator`).
 */
const LAYOUTS = {
  section: "mx-auto max-w-7xl space-y-4 px-4 pt-8",
  nested: "mx-auto max-w-7xl space-y-4 pt-8",
  "beside-calculator": "mx-auto grid max-w-4xl gap-6 px-4 pt-12",
} as const;

/**
 * The one place in a loan page's body that carries the repossession warning: beside the
 * page's representative example, straight after the hero that quotes the rate and asks
 * for the application (DECISIONS D19, docs/decisions/043). The route's handle says
 * `example: "in-page"`, so the footer prints no second example.
 */
export function SecuredRate({
  example,
  layout = "section",
  children,
}: {
  example?: ExampleTerms;
  layout?: keyof typeof LAYOUTS;
  /** Before the warning (the school fees calculator). */
  children?: ReactNode;
}) {
  return (
    <div className={LAYOUTS[layout]}>
      {children}
      <RepossessionWarning />
      <RepresentativeExample {...example} />
    </div>
  );
}
