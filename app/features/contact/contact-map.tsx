import { useState } from "react";
import { useConsent } from "~/components/consent/use-consent";
import { Button } from "~/components/ui/button";

/**
 * The office map (DECISIONS D8, docs/decisions/033): Google's embed may set Google's own
 * cookies, so it loads by itself only for a visitor who accepted all cookies; anyone else
 * sees a placeholder of the same size with a 'Show map' button and a plain link.
 * Its props come from the site configuration (an island's props are JSON).
 */
export function ContactMap({ embedUrl, address }: { embedUrl: string; address: string }) {
  const consent = useConsent();
  const [requested, setRequested] = useState(false);
  const load = requested || (consent?.analytics === true && consent.advertising === true);
  const mapsLink = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200">
      <div className="aspect-[4/3] w-full bg-brand-50">
        {load ? (
          <iframe
            src={embedUrl}
            title={`Map showing our office at ${address}`}
            className="h-full w-full border-0"
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-10 w-10 text-brand-700"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
              <circle cx="12" cy="9.5" r="2.5" />
            </svg>
            <p className="max-w-xs text-sm text-slate-700">
              The map is provided by Google, which may set its own cookies when it loads.
            </p>
            <Button variant="secondary" size="sm" onClick={() => setRequested(true)}>
              Show map
            </Button>
          </div>
        )}
      </div>
      <figcaption className="border-t border-slate-200 bg-white px-4 py-3 text-sm">
        {address} ·{" "}
        <a href={mapsLink} className="font-semibold text-brand-700 underline">
          Open in Google Maps
        </a>
      </figcaption>
    </figure>
  );
}
