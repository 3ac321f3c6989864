// The header's signed-in state, for every page: the many static pages that ship no
// React (docs/decisions/010) and the hydrated ones alike. Plain DOM, no imports: it is
// part of the small inline module (app/enhance/site.ts) every page carries.
//
// The header's HTML has both states (see account-menu.tsx): elements marked
// data-account="signed-out" (the 'Sign in' link) and data-account="signed-in" ('Your
// account', 'Sign out'), the latter hidden. This asks the server once per page load and
// shows the right ones. React pages ask again ("account:refresh") after signing in or
// out, and re-apply ("account:sync") when the header is rendered afresh.

type Status = "signed-in" | "signed-out";

export const REFRESH_EVENT = "account:refresh";
export const SYNC_EVENT = "account:sync";

let status: Status | null = null;
let pending: Promise<void> | null = null;

function apply(doc: Document) {
  if (!status) return;
  for (const element of doc.querySelectorAll<HTMLElement>("[data-account]")) {
    element.hidden = element.dataset.account !== status;
  }
}

function refresh(doc: Document): Promise<void> {
  pending ??= fetch("/api/auth/get-session", { credentials: "same-origin", headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? (response.json() as Promise<{ user?: unknown } | null>) : null))
    .then((body) => {
      status = body?.user ? "signed-in" : "signed-out";
    })
    .catch(() => {
      status = "signed-out";
    })
    .finally(() => {
      pending = null;
      apply(doc);
    });
  return pending;
}

async function signOut(button: HTMLButtonElement, win: Window) {
  button.disabled = true;
  try {
    const response = await fetch("/api/auth/sign-out", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    if (!response.ok) throw new Error(String(response.status));
    status = "signed-out";
    // The sign-in page says 'Signed out successfully' (and offers to sign in again).
    win.location.assign("/auth?signedOut=1");
  } catch {
    // The account page's own sign-out works without this script.
    win.location.assign("/account");
  }
}

/** Starts the header's account links on this page. Safe to call once per page load. */
export function enhanceAccountMenu(doc: Document = document, win: Window = window) {
  void refresh(doc);
  win.addEventListener(REFRESH_EVENT, () => void refresh(doc));
  win.addEventListener(SYNC_EVENT, () => (status ? apply(doc) : void refresh(doc)));
  doc.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest?.("button[data-account-sign-out]");
    if (!button) return;
    event.preventDefault();
    void signOut(button as HTMLButtonElement, win);
  });
}
