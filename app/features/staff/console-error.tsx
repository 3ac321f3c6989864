import { isRouteErrorResponse, useLocation } from "react-router";
import { TextLink } from "~/components/console/text-link";
import { reference } from "./format";

// What a console page says when it cannot show what was asked, inside the console's own
// frame (not the public site's 404): a lead that is no longer held, a request the page
// refused, or a failure. A borrower never sees this: their session is turned away by the
// console's frame before any page runs (DECISIONS D14), with the public 404.

const LEAD_PATH = /^\/staff\/leads\/[a-z-]+\/([0-9a-f]{8})-[0-9a-f-]{27}$/i;

function rolesOf(data: unknown): string[] {
  if (typeof data !== "object" || data === null || !("roles" in data) || !Array.isArray(data.roles)) return [];
  return data.roles.filter((role): role is string => typeof role === "string");
}

function homeOf(data: unknown): string {
  const home = typeof data === "object" && data !== null && "home" in data ? data.home : null;
  return typeof home === "string" && home.startsWith("/staff") ? home : "/staff";
}

function reasonOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || !("reason" in data)) return undefined;
  return typeof data.reason === "string" ? data.reason : undefined;
}

export function ConsoleError({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const leadReference = LEAD_PATH.exec(pathname)?.[1];
  if (status === 404) {
    return (
      <>
        <title>Not found | Staff console</title>
        <h1 className="text-2xl font-bold text-slate-900">
          {leadReference ? `There is no lead ${reference(leadReference)}` : "There is no such page in the console"}
        </h1>
        {leadReference && (
          <p className="mt-3 max-w-3xl">
            It may have been deleted: by the borrower with their account, by an erasure request, or at the end of its
            retention period. The audit log keeps what was done with it.
          </p>
        )}
        <ul className="mt-4 space-y-2">
          {leadReference && (
            <li>
              <TextLink to={`/staff/audit?lead=${reference(leadReference)}`}>
                Audit log for {reference(leadReference)}
              </TextLink>
            </li>
          )}
          <li>
            <TextLink to="/staff">All leads</TextLink>
          </li>
        </ul>
      </>
    );
  }
  const reason = status < 500 ? reasonOf(isRouteErrorResponse(error) ? error.data : undefined) : undefined;
  const roles = status === 403 && isRouteErrorResponse(error) ? rolesOf(error.data) : [];
  if (roles.length > 0) {
    // A member refused by their roles (DECISIONS D25): who may, and who to ask.
    return (
      <>
        <title>Not for your role | Staff console</title>
        <h1 className="text-2xl font-bold text-slate-900">Your role does not include this</h1>
        <p className="mt-3 max-w-3xl" data-testid="refusal-reason">
          {reason}.
        </p>
        <p className="mt-3 max-w-3xl">
          Nothing was changed. If your work needs it, ask the firm's administrator to give you the role. The refusal is
          recorded in the audit log.
        </p>
        <p className="mt-4">
          <TextLink to={homeOf(isRouteErrorResponse(error) ? error.data : null)}>Back to the console</TextLink>
        </p>
      </>
    );
  }
  return (
    <>
      <title>{status < 500 ? "Request not accepted | Staff console" : "Something went wrong | Staff console"}</title>
      <h1 className="text-2xl font-bold text-slate-900">
        {status < 500 ? "That request could not be accepted" : "Sorry, something went wrong"}
      </h1>
      <p className="mt-3">{reason ? `${reason}.` : status < 500 ? "" : "Please try again in a moment."}</p>
      <p className="mt-4">
        <TextLink to="/staff">All leads</TextLink>
      </p>
    </>
  );
}
