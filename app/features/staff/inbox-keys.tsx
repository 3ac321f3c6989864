import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { BULK_DETAILS_ID, BULK_FORM_ID } from "./inbox-bulk";

// The inbox's keyboard and its selection bar (decision 423): enhancements, drawn only once
// script runs. Without script the list is the same list: its links open leads, its boxes
// tick, the folded panel of changes posts them.

/** The shortcuts, as the list behind "?" says them. */
export const INBOX_SHORTCUTS: readonly { keys: string[]; what: string }[] = [
  { keys: ["j", "↓"], what: "Next lead" },
  { keys: ["k", "↑"], what: "Previous lead" },
  { keys: ["Enter"], what: "Open the lead" },
  { keys: ["x"], what: "Tick or untick the lead (where leads can be changed together)" },
  { keys: ["/"], what: "Search" },
  { keys: ["?"], what: "This list of shortcuts" },
];

const ROW = '[data-testid="inbox-row"]';

/** Whether a key pressed here is the page's own to read: not typed into a field. */
function typing(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !["checkbox", "radio", "button", "submit"].includes(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** The row the keyboard is on: the one holding the focus. */
function currentRow(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement ? active.closest<HTMLElement>(ROW) : null;
}

function moveTo(row: Element | undefined) {
  const link = row?.querySelector<HTMLAnchorElement>('a[data-testid="inbox-name"]');
  if (!link) return;
  link.focus();
  link.scrollIntoView({ block: "nearest" });
}

/** The keys of the list, and the button (and dialog) that lists them. */
export function InboxKeys() {
  const [ready, setReady] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    setReady(true);
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typing(event.target)) return;
      if (dialog.current?.open) return;
      const rows = [...document.querySelectorAll<HTMLElement>(ROW)];
      const row = currentRow();
      const at = row ? rows.indexOf(row) : -1;
      const onPage = row !== null || event.target === document.body || event.target === document.documentElement;
      switch (event.key) {
        case "j":
        case "ArrowDown":
          if (event.key === "ArrowDown" && !onPage) return;
          event.preventDefault();
          moveTo(rows[Math.min(at + 1, rows.length - 1)]);
          return;
        case "k":
        case "ArrowUp":
          if (event.key === "ArrowUp" && !onPage) return;
          event.preventDefault();
          moveTo(rows[Math.max(at - 1, 0)]);
          return;
        case "Enter": {
          // On the name the link opens itself; on the row's box, Enter opens the lead too.
          if (!row || event.target instanceof HTMLAnchorElement || event.target instanceof HTMLButtonElement) return;
          event.preventDefault();
          row.querySelector<HTMLAnchorElement>('a[data-testid="inbox-name"]')?.click();
          return;
        }
        case "x": {
          const box = row?.querySelector<HTMLInputElement>('input[type="checkbox"][name="lead"]');
          if (!box) return;
          event.preventDefault();
          // A click, so the form hears the change as it does a tick by hand.
          box.click();
          return;
        }
        case "/": {
          const search = document.getElementById("q");
          if (!(search instanceof HTMLInputElement)) return;
          event.preventDefault();
          search.focus();
          return;
        }
        case "?":
          event.preventDefault();
          dialog.current?.showModal();
          return;
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  if (!ready) return null;
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => dialog.current?.showModal()}
        className="max-sm:hidden"
      >
        Keyboard shortcuts (?)
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby="shortcuts-heading"
        className="m-auto max-w-lg rounded-lg border border-slate-300 p-5 backdrop:bg-slate-900/40"
      >
        <h2 id="shortcuts-heading" className="text-xl font-bold text-slate-900">
          Keyboard shortcuts
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2" data-testid="shortcuts">
          {INBOX_SHORTCUTS.map((s) => (
            <div key={s.what} className="contents">
              <dt className="whitespace-nowrap">
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && " or "}
                    <kbd className="rounded border border-slate-400 bg-slate-50 px-1.5 font-mono">{k}</kbd>
                  </span>
                ))}
              </dt>
              <dd>{s.what}</dd>
            </div>
          ))}
        </dl>
        <form method="dialog" className="mt-4">
          <Button type="submit" variant="secondary" size="sm">
            Close
          </Button>
        </form>
      </dialog>
    </>
  );
}

const ticked = (form: HTMLFormElement) => {
  const data = new FormData(form);
  if (data.get("all") === "page") return data.getAll("shown").length;
  return data.getAll("lead").length;
};

/**
 * The bar that appears at the foot of the screen while rows are ticked: how many, the
 * panel of changes one press away, and unticking them all.
 */
export function SelectionBar() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const form = document.getElementById(BULK_FORM_ID);
    if (!(form instanceof HTMLFormElement)) return;
    const read = () => setCount(ticked(form));
    read();
    form.addEventListener("change", read);
    return () => form.removeEventListener("change", read);
  }, []);
  const open = () => {
    const details = document.getElementById(BULK_DETAILS_ID);
    if (!(details instanceof HTMLDetailsElement)) return;
    details.open = true;
    details.querySelector("summary")?.focus();
    details.scrollIntoView({ block: "start" });
  };
  const untick = () => {
    const form = document.getElementById(BULK_FORM_ID);
    if (!(form instanceof HTMLFormElement)) return;
    for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:checked')) box.checked = false;
    for (const box of document.querySelectorAll<HTMLInputElement>(
      `input[type="checkbox"][form="${BULK_FORM_ID}"]:checked`,
    ))
      box.checked = false;
    setCount(ticked(form));
  };
  return (
    <section
      aria-label="Ticked leads"
      className={
        count > 0
          ? "fixed inset-x-0 bottom-0 z-20 border-t-2 border-amber-600 bg-amber-50 px-4 py-2 shadow-lg"
          : "sr-only"
      }
      data-testid="selection-bar"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3">
        <p aria-live="polite" className="font-semibold text-slate-900" data-testid="selection-count">
          {count === 0 ? "" : count === 1 ? "1 lead ticked" : `${count} leads ticked`}
        </p>
        {count > 0 && (
          <>
            <Button type="button" size="sm" onClick={open}>
              Change the ticked leads
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={untick}>
              Untick all
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
