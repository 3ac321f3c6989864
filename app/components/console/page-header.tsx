import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { TextLink } from "./text-link";

// The top of a console page: where it was reached from (a link back), its one level-1
// heading, and a paragraph that says what the page shows. Every console page opens with it.

/** The console's level-1 heading's look, for a heading drawn outside `PageHeader`. */
export const pageTitleClass = "text-2xl font-bold text-slate-900";

export function PageHeader({
  title,
  back,
  intro,
  testId,
}: {
  title: ReactNode;
  /** The page this one is reached from, such as the report it belongs to: "← " and its name. */
  back?: { to: string; label: string };
  /** What the page shows, in a sentence or two: one paragraph at a reading width. */
  intro?: ReactNode;
  testId?: string;
}) {
  return (
    <>
      {back && (
        <p>
          <TextLink to={back.to}>← {back.label}</TextLink>
        </p>
      )}
      <h1 className={cn(pageTitleClass, back && "mt-3")} data-testid={testId}>
        {title}
      </h1>
      {intro && <p className="mt-2 max-w-3xl text-slate-700">{intro}</p>}
    </>
  );
}
