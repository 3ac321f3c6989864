import { data, Outlet } from "react-router";
import { clearRolesNews } from "../../server/staff/accounts.server";
import { approvalsWaiting } from "../../server/staff/approvals.server";
import { heldBy, holds } from "../../server/staff/guard.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { StaffFrame } from "~/features/staff/staff-frame";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff";

// The staff console's frame (DECISIONS D14, D25). The session is checked here and again
// by each child's loader (a client navigation may run the child's alone); the check is
// made once per request (server/staff/session.server.ts). The navigation offers what the
// member's roles allow; a member from before roles existed is told of them, once. No
// error page of its own: a borrower turned away here gets the public site's 404 (D14),
// and each page's refusal is drawn by that page's, inside this frame.

export const meta: Route.MetaFunction = () => [{ title: "Staff console" }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("console.enter", async ({ context, staff }) => {
  const { user, headers, rolesNews } = staff;
  if (rolesNews) await clearRolesNews(context.db, user.id);
  const approvals = holds(user, "promotions.approve") ? await approvalsWaiting(context.db, user.id) : 0;
  return data({ staffName: user.name, can: heldBy(user), rolesNews, approvals }, { headers });
});

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffFrame
      staffName={loaderData.staffName}
      can={loaderData.can}
      rolesNews={loaderData.rolesNews}
      approvals={loaderData.approvals}
    >
      <Outlet />
    </StaffFrame>
  );
}
