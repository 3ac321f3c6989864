import { afterAll, beforeAll, vi } from "vitest";
import { ROLES } from "../../app/domain/permissions";
import type { StaffUser } from "../../server/staff/session.server";

// The staff console's routes called from their source modules, as React Router calls
// them, with a signed-in staff member given: who may open them is the staff session's
// business (staff-accounts.test.ts, staff-borrower-404.test.ts, tests/e2e) and the
// guard's (staff-permissions.test.ts), not these tests'. The member holds every role
// unless the test names theirs, and entered a code just now (no step-up asked). Shared by the route tests (staff-routes, adviser-day-routes, callbacks;
// staff-enrol-route and staff-borrower-404 read their answers with `answerOf`).

/**
 * Imports the routes `load` names afresh with `requireStaff` answering `staff`, before the
 * file's tests, and puts the session module back after them: the mutation run
 * (vitest.mutation.server.config.ts) shares one module cache between files, where a
 * hoisted vi.mock would reach the next file's staff routes, or miss these. Call it at a
 * file's top level; the answer gives the loaded routes once the file's tests run.
 */
export function staffRoutesSignedInAs<Routes>(
  staff: Omit<StaffUser, "roles"> & Partial<Pick<StaffUser, "roles">>,
  load: () => Promise<Routes>,
): () => Routes {
  let routes: Routes | undefined;
  const user: StaffUser = { roles: [...ROLES], ...staff };
  beforeAll(async () => {
    vi.resetModules();
    vi.doMock("../../server/staff/session.server", async (original) => ({
      ...(await original<typeof import("../../server/staff/session.server")>()),
      requireStaff: async () => ({ user, headers: new Headers(), codeAt: Date.now(), rolesNews: false }),
    }));
    routes = await load();
  });
  afterAll(() => {
    vi.doUnmock("../../server/staff/session.server");
    vi.resetModules();
  });
  return () => {
    if (!routes) throw new Error("the staff routes are loaded before the file's tests run");
    return routes;
  };
}

type DataResult = { type: "DataWithResponseInit"; data: Record<string, unknown>; init: ResponseInit | null };

/** What a route answered (or threw): its status, a redirect's Location, and the data it sent. */
export interface RouteAnswer {
  status: number;
  location: string | null;
  body?: Record<string, unknown>;
}

/**
 * Runs a loader or action and reads its answer, whether returned or thrown, as the router
 * would: a Response, `data(…)` with its status, or plain data (200). A thrown error that
 * is neither (a 500 in the router) fails the test with it.
 */
export async function answerOf(run: () => Promise<unknown>): Promise<RouteAnswer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  if (result instanceof Error) throw result;
  const data = result as DataResult | null;
  if (data?.type === "DataWithResponseInit")
    return { status: data.init?.status ?? 200, location: null, body: data.data };
  return { status: 200, location: null, body: (result ?? undefined) as Record<string, unknown> | undefined };
}
