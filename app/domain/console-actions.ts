// Every action of the staff console, sorted once (DECISIONS D31): safe (done at once),
// undoable (done at once, with an "Undo" in the notice that says it was done), or
// confirmed (a check step first that says what will happen and to whom, which works
// without script). A page is named by its path, an action by the intent its form posts
// (a route with one form: "default"). tests/integration/console-actions.test.ts walks every
// console route's intents and fails on one missing here, or on a line here that no route
// has; the check steps and undos themselves are tested with their pages.

export const ACTION_SORTS = ["safe", "undoable", "confirmed"] as const;
export type ActionSort = (typeof ACTION_SORTS)[number];

export interface ConsoleActionRule {
  sort: ActionSort;
  /** What it does, in the broker's words: the table reads as the policy. */
  what: string;
  /** A status move sorted otherwise when it closes the lead (to completed, declined or withdrawn). */
  closing?: ActionSort;
  /** Confirmed by typing what it acts on (GitHub's pattern for what cannot be undone), not by a check step. */
  typed?: true;
  /** Sorted, but its undo or its check step is not built yet: the page still does it at once, without it. */
  pending?: "undo" | "check step";
}

const safe = (what: string): ConsoleActionRule => ({ sort: "safe", what });
const undoable = (what: string, more: Partial<ConsoleActionRule> = {}): ConsoleActionRule => ({
  sort: "undoable",
  what,
  ...more,
});
const confirmed = (what: string, more: Partial<ConsoleActionRule> = {}): ConsoleActionRule => ({
  sort: "confirmed",
  what,
  ...more,
});

export const CONSOLE_ACTIONS: Record<string, Record<string, ConsoleActionRule>> = {
  "/staff": {
    "bulk-assign": undoable("assign the ticked leads to a member, or to no one"),
    "bulk-undo": safe("put each lead of the last bulk assignment back with whoever had it"),
    "bulk-status": undoable("move the ticked leads to a status", { closing: "confirmed", pending: "undo" }),
    "bulk-export": safe("download the ticked leads as a CSV file"),
  },
  "/staff/views": {
    save: safe("save the leads list's filter and order as one of the member's own views"),
    remove: safe("remove one of the member's own views of the leads list"),
  },
  "/staff/today": {
    take: undoable("take a lead nobody has, from Today's list", { pending: "undo" }),
    call: safe("log a call and plan the next action, from Today's list"),
  },
  "/staff/leads/:kind/:id": {
    status: undoable("move the lead to another status", { closing: "confirmed" }),
    assign: undoable("give the lead to a member, take it, or hand it back"),
    note: undoable("add a note to the lead's timeline"),
    undo: safe("put the lead back as it was before the member's last status move, or take off their last note"),
    call: safe("log a call and plan the next action"),
    message: safe("log an email or a letter sent or received"),
    "next-action": safe("plan the lead's next action"),
    "case-start": safe("record the application sent to a lender"),
    "case-offer": safe("record the lender's offer"),
    "case-complete": safe("record the loan's completion and the commission"),
    "case-decline": safe("record the lender's decline"),
    "case-commission": safe("correct a completed case's commission, with its reason"),
    correct: safe("correct the lead's details: old and new are shown on the page"),
    needs: safe("record the borrower's needs and the adjustments made"),
  },
  "/staff/team": {
    add: safe("add a member: a link to set up their account goes to their own address"),
    link: confirmed("send a member a new link, which ends their password and authenticator at once"),
    roles: safe("change a member's roles (some wait for a second administrator, DECISIONS D32)"),
    confirm: safe("confirm another administrator's change of roles"),
    refuse: safe("refuse another administrator's change of roles"),
    disable: confirmed("disable a member: they can no longer sign in, and their sessions end"),
    enable: safe("let a disabled member sign in again"),
  },
  "/staff/requests": {
    default: confirmed("erase everything held about a person", { typed: true }),
  },
  "/staff/requests/answer": {
    default: safe("record a data request as answered"),
  },
  "/staff/step-up": {
    default: safe("enter a fresh authenticator code"),
  },
  "/staff/complaints/new": {
    default: safe("record a complaint"),
  },
  "/staff/complaints/:id": {
    send: confirmed("email a complaint letter to the complainant, after its preview as they will receive it"),
    post: confirmed("record a complaint letter as posted, on the page that shows it ready to print"),
    print: safe("draw a complaint letter ready to print, storing nothing"),
    close: safe("close a complaint with its outcome (it can be reopened)"),
    referral: safe("record the Ombudsman's referral and decision"),
    reopen: safe("reopen a closed complaint"),
    take: safe("take a complaint as its handler (shown at its top; it can be given on)"),
    assign: safe("give a complaint to a handler, chosen from Choose… (a manager's)"),
  },
  "/staff/promotions": {
    preview: safe("preview a draft of rates, examples and claims"),
    draft: safe("send a draft for approval"),
  },
  "/staff/promotions/:id": {
    approve: confirmed("approve a version, which the site then advertises"),
    reject: safe("send a version back to its author"),
  },
  "/staff/lenders/new": {
    save: safe("add a product to the lender panel"),
    default: safe("add a product to the lender panel"),
  },
  "/staff/lenders/:id": {
    save: safe("change a product on the lender panel"),
    retire: safe("retire a product from the lender panel"),
  },
};

/** A lead's statuses that close it: moving to one of these is what `closing` sorts. */
export const CLOSING_STATUSES = ["completed", "declined", "withdrawn"] as const;

export function closesLead(status: string): boolean {
  return (CLOSING_STATUSES as readonly string[]).includes(status);
}

/** How an action is sorted, or null when the table does not hold it (the walk fails on that). */
export function actionSort(page: string, intent: string, options: { closing?: boolean } = {}): ActionSort | null {
  const rules = Object.hasOwn(CONSOLE_ACTIONS, page) ? CONSOLE_ACTIONS[page] : undefined;
  const rule = rules && Object.hasOwn(rules, intent) ? rules[intent] : undefined;
  if (!rule) return null;
  return options.closing && rule.closing ? rule.closing : rule.sort;
}
