import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import { REFRESH_EVENT, SYNC_EVENT } from "./header-session";
import { authPath } from "~/domain/return-to";
import { ChevronDown } from "~/components/ui/chevron-down";

/** Pages where signing in or out happens: leaving or entering one, the header asks again. */
const isAccountPage = (path: string) => path === "/auth" || path === "/account" || path.startsWith("/account/");

const triggerClass =
  "inline-flex min-h-10 cursor-pointer items-center gap-1 whitespace-nowrap text-sm font-semibold text-brand-800 underline-offset-4 hover:underline";
const itemClass =
  "block w-full cursor-pointer rounded-lg px-3 py-2.5 text-left font-medium text-slate-800 hover:bg-brand-50 disabled:opacity-60";

/**
 * The header's account links. Most pages are static HTML built before anyone visits,
 * so the HTML shows 'Sign in' and carries the signed-in menu hidden; header-session.ts
 * (in every page's inline module) asks the server and shows the right one. The menu is
 * a native disclosure, so it opens by touch, Enter or Space on pages without React. On
 * pages with React, this component only says when to ask again and closes the menu
 * after navigating.
 */
export function AccountMenu({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const previousPath = useRef<string | null>(null);
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const previous = previousPath.current;
    previousPath.current = pathname;
    // After navigating only: a menu opened before the script came stays open.
    if (menu.current && previous !== null && previous !== pathname) menu.current.open = false;
    const changed = previous !== null && (isAccountPage(previous) || isAccountPage(pathname));
    window.dispatchEvent(new Event(changed ? REFRESH_EVENT : SYNC_EVENT));
  }, [pathname]);

  // header-session.ts flips `hidden` on the data-account elements; React leaves it alone.
  return (
    <div className={cn("flex items-center", className)}>
      <Link to={authPath(pathname)} data-account="signed-out" className={triggerClass} suppressHydrationWarning>
        Sign in
      </Link>
      <details ref={menu} data-account="signed-in" hidden className="group relative" suppressHydrationWarning>
        <summary className={cn(triggerClass, "list-none [&::-webkit-details-marker]:hidden")}>
          Account
          <ChevronDown className="h-4 w-4 max-sm:hidden" />
        </summary>
        <div className="absolute right-0 z-50 mt-2 w-52 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          <ul>
            <li>
              <Link to="/account" className={itemClass}>
                Your account
              </Link>
            </li>
            <li>
              <button type="button" data-account-sign-out="" className={itemClass}>
                Sign out
              </button>
            </li>
          </ul>
        </div>
      </details>
    </div>
  );
}

/**
 * The same account links as entries of the header's phone menu (a phone has no room for
 * them beside the brand and the menu button at 320 to 412 px): 'Sign in', or 'Your account'
 * and 'Sign out', switched by header-session.ts as the bar's are.
 */
export function PhoneAccountLinks({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const entryClass = "block w-full rounded-lg px-3 py-3 text-left font-medium text-slate-800 hover:bg-brand-50";
  return (
    <>
      <li data-account="signed-out" className={className} suppressHydrationWarning>
        <Link to={authPath(pathname)} className={entryClass}>
          Sign in
        </Link>
      </li>
      <li data-account="signed-in" hidden className={className} suppressHydrationWarning>
        <Link to="/account" className={entryClass}>
          Your account
        </Link>
      </li>
      <li data-account="signed-in" hidden className={className} suppressHydrationWarning>
        <button type="button" data-account-sign-out="" className={cn(entryClass, "cursor-pointer disabled:opacity-60")}>
          Sign out
        </button>
      </li>
    </>
  );
}
