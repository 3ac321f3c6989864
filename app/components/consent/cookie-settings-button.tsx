/**
 * The footer's way back to the cookie choices (DECISIONS D8: changeable at any time).
 * The banner script (app/enhance/consent-banner.ts) answers any `data-consent-open`
 * click, on pages with or without React.
 */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} data-consent-open="">
      Cookie settings
    </button>
  );
}
