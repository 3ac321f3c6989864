import { data, Outlet } from "react-router";
import { requireStaff } from "../../server/staff/session.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { StaffFrame } from "~/features/staff/staff-frame";
import type { Route } from "./+types/staff";

// The staff console's frame (DECISIONS D14). The session is checked here and again by
// each child's loader (a client navigation may run the child's alone); the check is
// made once per request (server/staff/session.server.ts).

export const meta: Route.MetaFunction = () => [{ title: "Staff console" }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, headers } = await requireStaff(context, request);
  return data({ staffName: user.name }, { headers });
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffFrame staffName={loaderData.staffName}>
      <Outlet />
    </StaffFrame>
  );
}
