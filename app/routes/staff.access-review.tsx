import { data } from "react-router";
import { accessReview, REVIEW_DAYS } from "../../server/staff/reports/access-review.server";
import { listStaff } from "../../server/staff/accounts.server";
import { soleAdministrator } from "../../server/staff/team.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { AccessReviewPage } from "~/features/staff/team/access-review-page";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.access-review";

// /staff/access-review: per member, what they exported, erased and changed in the last
// 90 days (docs/decisions/274), for a compliance officer to print, with what the second
// administrator's rule does not stop by itself flagged (docs/decisions/340).

export const meta: Route.MetaFunction = consoleMeta("Access review");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("access-review.read", async ({ context, staff: session }) => {
  const { headers } = session;
  const now = new Date();
  const [members, staff] = await Promise.all([accessReview(context.db, now), listStaff(context.db)]);
  return data(
    {
      from: new Date(now.getTime() - REVIEW_DAYS * 86_400_000).toISOString(),
      to: now.toISOString(),
      soleAdministrator: soleAdministrator(staff),
      members: members.map((m) => ({
        ...m,
        // Two members may share a name: the email tells them apart (a member since removed has none).
        actorEmail: staff.find((member) => member.id === m.actorId)?.email ?? null,
        exported: m.exported.map((e) => ({ ...e, at: e.at.toISOString() })),
        erased: m.erased.map((e) => ({ ...e, at: e.at.toISOString() })),
        flags: m.flags.map((f) =>
          f.kind === "alone"
            ? { ...f, at: f.at.toISOString() }
            : { ...f, at: f.at.toISOString(), givenAt: f.givenAt.toISOString() },
        ),
      })),
    },
    { headers },
  );
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function AccessReview({ loaderData }: Route.ComponentProps) {
  return <AccessReviewPage {...loaderData} />;
}
