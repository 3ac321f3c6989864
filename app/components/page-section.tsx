import type { ReactNode } from "react";
import { cn } from "./ui/cn";

/** A titled band of a page, labelled by its own h2 (`id` is the heading's). */
export function PageSection({
  id,
  heading,
  className,
  headingClassName,
  children,
}: {
  id: string;
  heading: ReactNode;
  /** The band's vertical spacing, and anything else it adds. */
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn("mx-auto max-w-7xl px-4", className)}>
      <h2 id={id} className={cn("text-3xl font-bold text-slate-900", headingClassName)}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** Cards of a title and a few lines each, in a grid (tips, alternatives, facts). */
export function CardGrid({
  cards,
  className,
  cardClassName = "rounded-xl border border-slate-200 p-6",
}: {
  cards: readonly { title: string; body: ReactNode }[];
  /** The grid's columns and its space above. */
  className?: string;
  cardClassName?: string;
}) {
  return (
    <ul className={cn("grid gap-6", className)}>
      {cards.map((card) => (
        <li key={card.title} className={cardClassName}>
          <h3 className="font-semibold text-slate-900">{card.title}</h3>
          <p className="mt-2 text-slate-700">{card.body}</p>
        </li>
      ))}
    </ul>
  );
}
