import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ComponentProps, ReactNode } from "react";
import { buttonVariants } from "./button";
import { cn } from "./cn";

/**
 * Radix dialog: focus moves in and is trapped while open, Escape or the Close buttons
 * close it, focus returns to what opened it, and the page behind is inert to screen
 * readers. The body scrolls; the title and the Close button stay in view.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

interface DialogContentProps {
  title: string;
  /** A one-line summary read out on opening; omit when the title says it all. */
  description?: string;
  children: ReactNode;
  className?: string;
  /** Where the focus goes on closing; by default back to the Radix trigger. */
  onCloseAutoFocus?: ComponentProps<typeof DialogPrimitive.Content>["onCloseAutoFocus"];
}

export function DialogContent({ title, description, children, className, onCloseAutoFocus }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
      <DialogPrimitive.Content
        className={cn(
          "fixed inset-x-2 top-[4vh] bottom-[4vh] z-50 mx-auto flex max-w-3xl flex-col rounded-xl bg-white shadow-2xl focus:outline-none sm:inset-x-6",
          className,
        )}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(description ? {} : { "aria-describedby": undefined })}
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <DialogPrimitive.Title className="text-xl font-bold text-slate-900">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            aria-label="Close"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </DialogPrimitive.Close>
        </div>
        {description && (
          <DialogPrimitive.Description className="px-5 pt-3 text-sm text-slate-600">
            {description}
          </DialogPrimitive.Description>
        )}
        <div className="flex-1 overflow-y-auto px-5 py-5">{children}</div>
        <div className="border-t border-slate-200 px-5 py-3 text-right">
          <DialogPrimitive.Close className={buttonVariants({ variant: "secondary", size: "md" })}>
            Close
          </DialogPrimitive.Close>
        </div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
