import { type CSSProperties, lazy, type ReactNode, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

/**
 * Toasts through sonner, loaded only when the first toast is shown: content pages
 * never download it. Mount <Toaster/> once (app/root.tsx); call `toast.*` anywhere.
 * Spec defaults: 4000 ms, up to 3 visible. Top centre keeps toasts clear of a phone's
 * keyboard and of the cookie banner at the bottom.
 */
const loadSonner = () => import("sonner");

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();
function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const TOAST_DURATION_MS = 4000;
export const VISIBLE_TOASTS = 3;

export function Toaster() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-center"
        duration={TOAST_DURATION_MS}
        visibleToasts={VISIBLE_TOASTS}
        richColors
        closeButton
        toastOptions={{ classNames: { title: "text-base font-semibold", description: "text-sm" } }}
        // sonner's rich colours put its text under 4.5:1 on its own backgrounds (the red
        // about 4.3:1): the 700 shades of the site's palette instead, for WCAG AA.
        style={RICH_TEXT_COLOURS}
      />
    </Suspense>
  );
}

const RICH_TEXT_COLOURS = {
  "--error-text": "#b91c1c",
  "--success-text": "#15803d",
  "--info-text": "#1d4ed8",
  "--warning-text": "#b45309",
} as CSSProperties;

export interface ToastOptions {
  description?: ReactNode;
  /** Overrides the 4000 ms default. */
  duration?: number;
  id?: string | number;
  /** Called when the toast closes, by itself or by the visitor. */
  onClose?: () => void;
}

type Variant = "message" | "error" | "success" | "info" | "warning";

function show(variant: Variant, title: string, options: ToastOptions = {}): Promise<string | number> {
  want();
  return loadSonner().then(({ toast: sonner }) => {
    const { onClose, ...rest } = options;
    const settings: ExternalToast = onClose ? { ...rest, onAutoClose: onClose, onDismiss: onClose } : rest;
    return variant === "message" ? sonner(title, settings) : sonner[variant](title, settings);
  });
}

/**
 * Shows a toast. `toast.error` is the destructive style (the contact form's 'Error',
 * the forms' 'Validation Error' and 'Submission Failed').
 */
export const toast = Object.assign((title: string, options?: ToastOptions) => show("message", title, options), {
  error: (title: string, options?: ToastOptions) => show("error", title, options),
  success: (title: string, options?: ToastOptions) => show("success", title, options),
  info: (title: string, options?: ToastOptions) => show("info", title, options),
  warning: (title: string, options?: ToastOptions) => show("warning", title, options),
  dismiss: (id?: string | number) => void loadSonner().then(({ toast: sonner }) => sonner.dismiss(id)),
  /** As `dismiss`, but loads nothing when no toast was ever shown on this page. */
  dismissShown: (id: string | number) => {
    if (wanted) void loadSonner().then(({ toast: sonner }) => sonner.dismiss(id));
  },
});

/**
 * A place for one toast at a time: showing another while it is open says the new thing
 * in the same toast. Once it closes (by itself, by its button or by `close`), the next
 * gets a fresh id, because sonner drops a toast shown again under the id of one that is
 * still closing: the new one merges into the old and leaves with it.
 */
export function toastSlot(name: string) {
  let count = 0;
  let open: string | undefined;
  return {
    error(title: string, options: Omit<ToastOptions, "id" | "onClose"> = {}) {
      if (open === undefined) {
        count += 1;
        open = `${name}-${count}`;
      }
      const id = open;
      const onClose = () => {
        if (open === id) open = undefined;
      };
      return toast.error(title, { ...options, id, onClose });
    },
    close() {
      if (open !== undefined) toast.dismissShown(open);
      open = undefined;
    },
  };
}
