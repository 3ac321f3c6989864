import { type ReactNode, useEffect, useRef } from "react";
import { useSite } from "~/components/site-config";
import { buttonVariants } from "~/components/ui/button";
import { countdownText, REDIRECT_SECONDS, startCountdown } from "./countdown";

interface Props {
  title: string;
  partnerName: string;
  partnerUrl: string;
  continueLabel: string;
  cancelLabel: string;
  children: ReactNode;
}

/**
 * A partner redirect page (spec section 2): a 10-second countdown, then the partner's
 * page; Continue goes at once (a real link, so it works before any script); Cancel stops
 * the countdown and goes back. The page ships no React (docs/decisions/010): on a full
 * load its inline module (app/enhance/partner-redirect.ts) starts the countdown; after a
 * client-side transition from a form, the effect below does. `data-counting` marks a
 * running countdown.
 */
export function PartnerRedirect({ title, partnerName, partnerUrl, continueLabel, cancelLabel, children }: Props) {
  const site = useSite();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => (root.current ? startCountdown(root.current) : undefined), []);

  return (
    <div className="mx-auto max-w-2xl px-4 py-14">
      <div
        ref={root}
        data-partner-redirect=""
        data-partner-url={partnerUrl}
        data-leaving-text={`Taking you to ${partnerName} now...`}
        className="rounded-2xl border border-slate-200 p-5 text-center shadow-sm sm:p-8"
      >
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        <div className="mt-4 space-y-3 text-left text-lg text-slate-700">{children}</div>
        {/* A timer is not announced every second; its text is read with the page. */}
        <p role="timer" data-countdown-text="" className="mt-6 text-lg font-semibold text-brand-800">
          {countdownText(REDIRECT_SECONDS)}
        </p>
        <noscript>
          <p className="mt-2 text-slate-700">Select the button below to continue to {partnerName}.</p>
        </noscript>
        <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <a href={partnerUrl} rel="sponsored" data-countdown-continue="" className={buttonVariants({ size: "lg" })}>
            {continueLabel}
          </a>
          {/* Made visible by the countdown script (without script there is nothing to cancel);
              its space is kept meanwhile, so the buttons never move. */}
          <button
            type="button"
            data-countdown-cancel=""
            className={`${buttonVariants({ variant: "outline", size: "lg" })} invisible`}
          >
            {cancelLabel}
          </button>
        </div>
        <p className="mt-8 text-left text-sm text-slate-600">
          {partnerName} is an independent company, and its own terms and privacy notice apply on its website.{" "}
          {site.brandName} is a credit broker, not a lender, and may receive a commission from {partnerName} if you take
          out a loan through them; this does not change what you pay.
        </p>
      </div>
    </div>
  );
}
