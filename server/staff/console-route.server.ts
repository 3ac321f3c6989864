import { type AppLoadContext, data, type Params } from "react-router";
import type { Permission } from "../../app/domain/permissions";
import { isSameSitePost } from "../accounts.server";
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
 * A guarded action, one handler per intent (the form's `intent` field; a form without
 * one is the `default` intent): `export const action = consoleAction("panel.manage", { save, retire })`.
 */
export function consoleAction<Intents extends Record<string, ConsoleIntent>>(
  permission: Permission,
  intents: Intents,
  options: GuardOptions = {},
) {
  return async (args: ConsoleArgs): Promise<Answer<Intents[keyof Intents]>> => {
    const staff = await requirePermission(args.context, args.request, permission, options);
    if (!isSameSitePost(args.request, args.context.config.siteUrl)) {
      throw data({ reason: CONSOLE_REFUSALS.crossSite }, { status: 403, headers: staff.headers });
    }
    const form = await staffFormPost(args.request);
    const name = String(form.get("intent") ?? "default");
    const intent: ConsoleIntent | undefined = Object.hasOwn(intents, name) ? intents[name] : undefined;
    if (!intent) throw data({ reason: CONSOLE_REFUSALS.unknownIntent }, { status: 400 });
    if (typeof intent !== "function") await requirePermission(args.context, args.request, intent.permission, options);
    const handle = typeof intent === "function" ? intent : intent.handle;
    return (await handle({ ...args, staff, form })) as Answer<Intents[keyof Intents]>;
  };
}
