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
      // Back to where the visitor came from; home when this page opened a new tab.
      if (window.history.length > 1) window.history.back();
      else window.location.assign("/");
    };
  }
  proceed?.addEventListener("click", stop);
  return stop;
}

/** For app/enhance: every redirect countdown on a page that loaded without React. */
export function startCountdowns() {
  for (const root of document.querySelectorAll<HTMLElement>("[data-partner-redirect]")) startCountdown(root);
}
