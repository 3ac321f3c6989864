import { type AppLoadContext, data, type Params } from "react-router";
import type { Permission } from "../../app/domain/permissions";
import { isSameSitePost } from "../platform/form-post.server";
import { staffFormPost } from "./form-post.server";
import { type GuardOptions, requirePermission } from "./guard.server";
import type { StaffSession } from "./session.server";

// The one way into a console route (DECISIONS D25). A route declares the permission its
// page needs and, for its forms, each intent as a handler; the wrapper asks the guard,
// refuses a post from another site, reads the form (a body that is not one, or a NUL,
// refused with a 4xx), picks the intent among the route's own (a name like `__proto__`
// finds nothing) and answers an unknown one with a 400. Each refusal has one shape, a
// `{ reason }` the console's error page shows. tests/support/console-routes.ts reads
// these declarations from the route files, so the route walk holds each to them.

/** What every console loader and action receives. */
export interface ConsoleArgs {
  request: Request;
  params: Params;
  context: AppLoadContext;
}

/** A loader's arguments, with the member the guard let through. */
export interface ConsoleLoaderArgs extends ConsoleArgs {
  staff: StaffSession;
}

/** An intent's arguments: the member and the posted form. */
export interface ConsoleActionArgs extends ConsoleLoaderArgs {
  form: FormData;
}

type Handler = (args: ConsoleActionArgs) => unknown;

/** One intent: its handler, or the handler with a permission of its own, asked after the route's. */
export type ConsoleIntent = Handler | { permission: Permission; handle: Handler };

/** What an intent answers (for the route's types: React Router reads the action's return type). */
type Answer<I> = I extends { handle: infer H }
  ? Answer<H>
  : I extends (args: ConsoleActionArgs) => infer R
    ? Awaited<R>
    : never;

export const CONSOLE_REFUSALS = {
  crossSite: "This form can only be sent from the console's own pages: open the page and send it from there",
  unknownIntent: "Unknown action.",
} as const;

/** A guarded loader: `export const loader = consoleLoader("leads.read", async ({ staff, ... }) => …)`. */
export function consoleLoader<T>(
  permission: Permission,
  load: (args: ConsoleLoaderArgs) => Promise<T> | T,
  options: GuardOptions = {},
) {
  return async (args: ConsoleArgs): Promise<T> => {
    const staff = await requirePermission(args.context, args.request, permission, options);
    return load({ ...args, staff });
  };
}

/**
 * A guarded action: one handler per intent (the form's `intent` field; a form without one
 * is the `default` intent), `consoleAction("panel.manage", { save, retire })`; or, for a
 * route with one form, its handler alone, `consoleAction("data.erase", erase)`.
 */
export function consoleAction<Intents extends Record<string, ConsoleIntent> | Handler>(
  permission: Permission,
  intents: Intents,
  options: GuardOptions = {},
) {
  type Answered = Intents extends Handler ? Answer<Intents> : Answer<Intents[keyof Intents]>;
  const action = async (args: ConsoleArgs): Promise<Answered> => {
    const staff = await requirePermission(args.context, args.request, permission, options);
    if (!isSameSitePost(args.request, args.context.config.siteUrl)) {
      throw data({ reason: CONSOLE_REFUSALS.crossSite }, { status: 403, headers: staff.headers });
    }
    const form = await staffFormPost(args.request);
    if (typeof intents === "function") return (await intents({ ...args, staff, form })) as Answered;
    const name = String(form.get("intent") ?? "default");
    const intent: ConsoleIntent | undefined = Object.hasOwn(intents, name)
      ? (intents as Record<string, ConsoleIntent>)[name]
      : undefined;
    if (!intent) throw data({ reason: CONSOLE_REFUSALS.unknownIntent }, { status: 400 });
    if (typeof intent !== "function") await requirePermission(args.context, args.request, intent.permission, options);
    const handle = typeof intent === "function" ? intent : intent.handle;
    return (await handle({ ...args, staff, form })) as Answered;
  };
  // The intents it takes, for the walk that holds each to the table of console actions
  // (app/domain/console-actions.ts, DECISIONS D31).
  return Object.assign(action, { intents: typeof intents === "function" ? ["default"] : Object.keys(intents) });
}

/**
 * A second permission, asked inside an intent when what the form asks decides it (an
 * adviser takes a lead; giving it to another is a manager's). The route's own and each
 * intent's are declared above; this is for the choice made from the form's values.
 */
export function requireAlso(args: ConsoleArgs, permission: Permission, options: GuardOptions = {}) {
  return requirePermission(args.context, args.request, permission, options);
}
