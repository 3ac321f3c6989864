import { Link } from "react-router";
import { useSite } from "../site-config";
import { buttonVariants } from "../ui/button";

/**
 * The cookie banner's markup (DECISIONS D8, docs/decisions/031). It is in every page's
 * HTML, hidden; the inline script app/enhance/consent-banner.ts shows it when no choice
 * is on record or 'Cookie settings' is pressed, on pages with or without React. A fixed
 * sheet at the foot of the screen: it never moves the page. Rejecting is one click, like
 * accepting; it is not modal, and focus is never trapped. On a phone it asks in fewer
 * words (its heading read by screen readers only) and 'Choose cookies' sits in the text,
 * so the page's main action stays in view above it (docs/decisions/172).
 */
export function ConsentBanner() {
  const site = useSite();
  const button = buttonVariants({ size: "sm", variant: "secondary" });
  return (
    <section
      id="consent-banner"
      aria-labelledby="consent-heading"
      hidden
      // The script shows it before React hydrates; React must leave that alone.
      suppressHydrationWarning
      className="fixed inset-x-0 bottom-0 z-50 max-h-[85vh] overflow-y-auto border-t border-slate-300 bg-white shadow-[0_-8px_24px_rgba(15,23,42,0.15)]"
    >
      <div className="mx-auto max-w-5xl px-4 py-3 text-sm text-slate-800 sm:py-4">
        <h2
          id="consent-heading"
          tabIndex={-1}
          className="text-base font-bold text-slate-900 outline-none max-sm:sr-only"
        >
          Cookies on {site.brandName}
        </h2>
        <p className="sm:mt-1">
          <span className="sm:hidden">May we use optional cookies for analytics and adverts?</span>
          <span className="max-sm:hidden">
            We use essential cookies to run this site. With your permission we would also use analytics cookies to
            improve it and advertising cookies to measure our adverts.
          </span>{" "}
          <Link to="/cookie-policy" className="font-semibold text-brand-700 underline">
            Cookie policy
          </Link>{" "}
          {/* Choosing is the fuller answer, a quieter control than the two that answer at once. */}
          <button
            type="button"
            className="cursor-pointer whitespace-nowrap font-semibold text-brand-700 underline"
            data-consent="choose"
            aria-expanded="false"
            aria-controls="consent-choices"
            suppressHydrationWarning
          >
            Choose cookies
          </button>
        </p>
        <div className="mt-2 flex flex-wrap gap-2 sm:mt-3">
          <button type="button" className={button} data-consent="accept">
            Accept all
          </button>
          <button type="button" className={button} data-consent="reject">
            Reject non-essential
          </button>
        </div>
        <fieldset
          id="consent-choices"
          hidden
          suppressHydrationWarning
          className="mt-3 space-y-2 rounded-lg border border-slate-200 p-3"
        >
          <legend className="px-1 font-semibold text-slate-900">Choose which cookies we may use</legend>
          <p>
            <strong>Essential cookies</strong> are always on: they remember this choice and keep forms and accounts
            working.
          </p>
          <Choice
            name="analytics"
            label="Analytics cookies"
            hint="Count visits and see which pages help, so we can improve the site."
          />
          <Choice
            name="advertising"
            label="Advertising cookies"
            hint="Tell us when an enquiry came from one of our adverts (Google Ads)."
          />
          <button type="button" className={buttonVariants({ size: "sm", variant: "outline" })} data-consent="save">
            Save my choices
          </button>
        </fieldset>
      </div>
    </section>
  );
}

function Choice({ name, label, hint }: { name: "analytics" | "advertising"; label: string; hint: string }) {
  const id = `consent-${name}`;
  return (
    <div className="flex items-start gap-3">
      {/* Never pre-ticked (DECISIONS D12); the script sets it to the current choice. */}
      <input
        id={id}
        name={name}
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0 accent-brand-800"
        aria-describedby={`${id}-hint`}
        suppressHydrationWarning
      />
      <label htmlFor={id}>
        <span className="font-semibold text-slate-900">{label}</span>
        <span id={`${id}-hint`} className="block text-slate-700">
          {hint}
        </span>
      </label>
    </div>
  );
}
