import type { ReactNode } from "react";
import { cn } from "./ui/cn";

export type TickLayout = "stack" | "loose-stack" | "columns" | "row";

const LAYOUTS: Record<TickLayout, string> = {
  stack: "space-y-2",
  "loose-stack": "space-y-3",
  columns: "grid gap-2 sm:grid-cols-2",
  row: "flex flex-wrap gap-x-6 gap-y-2",
};

/** A list of short selling points, each ticked; an item that is `false` or null (an unset claim) is left out. */
export function TickList({
  items,
  layout = "stack",
  className,
}: {
  items: readonly (ReactNode | false)[];
  layout?: TickLayout;
  className?: string;
}) {
  return (
    <ul className={cn(LAYOUTS[layout], className)}>
      {items.filter(Boolean).map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list drawn once, never reordered
        <li key={i}>✓ {item}</li>
      ))}
    </ul>
  );
}
