import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "./cn";

// A label never wraps inside its button (it reads as two buttons on a phone); the large
// size steps down a notch on phones so the longest labels still fit a 390 px screen. A
// label too long for a 320 px screen at any size (`wrap`) wraps inside its button instead
// of pushing the page sideways.
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60",
  {
    variants: {
      variant: {
        primary: "bg-accent-600 text-white hover:bg-accent-700",
        secondary: "bg-brand-800 text-white hover:bg-brand-900",
        outline: "border-2 border-brand-800 bg-white text-brand-800 hover:bg-brand-50",
        ghost: "text-brand-800 hover:bg-brand-50",
        inverse: "bg-white text-brand-900 hover:bg-brand-50",
      },
      wrap: {
        false: "whitespace-nowrap",
        true: "max-w-full whitespace-normal py-2 text-left",
      },
      size: {
        sm: "min-h-10 px-4 text-sm",
        md: "min-h-12 px-5 text-base",
        lg: "min-h-14 px-5 text-base sm:px-7 sm:text-lg",
      },
    },
    defaultVariants: { variant: "primary", size: "md", wrap: false },
  },
);

export type ButtonProps = ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/** A button; with `asChild` it styles its child instead (a `<Link>` that looks like a button). */
export function Button({ className, variant, size, wrap, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      className={cn(buttonVariants({ variant, size, wrap }), className)}
      {...(asChild ? {} : { type: type ?? "button" })}
      {...props}
    />
  );
}
