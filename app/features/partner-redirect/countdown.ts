/**
 * The partner redirect countdown (spec sections 2 and 4), written for the DOM so it runs
 * the same on a full page load (from app/enhance, no React) and after a client-side
 * transition from a form (from the page's effect). Markup: redirect-layout.tsx.
 */
export const REDIRECT_SECONDS = 10;

/** "Redirecting in 10 seconds..." (and "1 second" at the end). */
export function countdownText(remaining: number) {
  return `Redirecting in ${remaining} ${remaining === 1 ? "second" : "seconds"}...`;
}

/** Starts the countdown inside `root` ([data-partner-redirect]); returns a stop function. */
export function startCountdown(root: HTMLElement): () => void {
  if (root.dataset.counting !== undefined) return () => {};
  const url = root.dataset.partnerUrl ?? "/";
  const text = root.querySelector<HTMLElement>("[data-countdown-text]");
  const cancel = root.querySelector<HTMLButtonElement>("[data-countdown-cancel]");
  const proceed = root.querySelector<HTMLAnchorElement>("[data-countdown-continue]");
  let remaining = REDIRECT_SECONDS;

  const stop = () => {
    window.clearInterval(timer);
    delete root.dataset.counting;
    cancel?.classList.add("invisible");
  };
  const timer = window.setInterval(() => {
    remaining -= 1;
    if (remaining > 0) {
      if (text) text.textContent = countdownText(remaining);
      return;
    }
    stop();
    if (text) text.textContent = root.dataset.leavingText ?? "";
    window.location.assign(url);
  }, 1000);

  root.dataset.counting = "";
  if (text) text.textContent = countdownText(remaining);
  if (cancel) {
    cancel.classList.remove("invisible");
    cancel.onclick = () => {
      stop();
      if (text) text.textContent = "Redirect cancelled.";
      // Back to where the visitor came from on this site; home when there is no such
      // page (a new tab, a link from elsewhere), rather than a blank tab or another site.
      if (cameFromThisSite()) window.history.back();
      else window.location.assign("/");
    };
  }
  proceed?.addEventListener("click", stop);
  return stop;
}

/**
 * True when going back stays on this site: React Router numbers the entries it
 * pushed (a form's redirect here is one), and a full page load from one of our pages
 * names it as the referrer.
 */
function cameFromThisSite(): boolean {
  const routerIndex = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof routerIndex === "number" && routerIndex > 0) return true;
  if (window.history.length <= 1 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** For app/enhance: every redirect countdown on a page that loaded without React. */
export function startCountdowns() {
  for (const root of document.querySelectorAll<HTMLElement>("[data-partner-redirect]")) startCountdown(root);
}
