import type { ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { cn } from "~/components/ui/cn";

// The console's one link look: bold, the brand's colour, underlined. A page links with
// `TextLink`; a plain `<a>` (or a `Link` with `reloadDocument`, such as a download) takes
// `textLinkClass`.

/** The console's link class, for an element that is not a `TextLink`. */
export const textLinkClass = "font-semibold text-brand-700 underline";

/** A link inside the console, in the console's link look; `mono` for a reference. */
export function TextLink({
  mono = false,
  className,
  children,
  ...props
}: Omit<LinkProps, "className"> & {
  mono?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link {...props} className={cn(mono && "font-mono", textLinkClass, className)}>
      {children}
    </Link>
  );
}

/** A download's link (a plain `<a>` or a `Link` with `reloadDocument`): the link look, a thumb's height. */
export const downloadLinkClass = cn(
  "inline-flex min-h-11 items-center",
  textLinkClass,
  "underline-offset-4 focus-visible:outline-3 focus-visible:outline-focus",
);
