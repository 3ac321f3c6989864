import { data } from "react-router";
import { z } from "~/domain/zod";
import {
  countsOf,
  personalDataDownload,
  personalDataOf,
  subjectReference,
} from "../../server/privacy/data-requests.server";
import { writeAudit } from "../../server/platform/audit.server";
import { consoleLoader } from "../../server/staff/console-route.server";

// GET /staff/requests/export?email=…: the access request's answer, everything held
// about the address as one JSON file. A resource route; each download is audited.

export const loader = consoleLoader(
  "data-requests.answer",
  async ({ request, context, staff }) => {
    const { user } = staff;
    const asked = (new URL(request.url).searchParams.get("email") ?? "").trim();
    if (!z.email().max(254).safeParse(asked).success) throw data("Give an email address", { status: 400 });
    const held = await personalDataOf(context.db, { email: asked });
    await writeAudit(context.db, {
      action: "data.access",
      actor: user,
      detail: { subject: subjectReference(asked, context.config.authSecret), ...countsOf(held) },
    });
    return personalDataDownload(held, "personal-data");
  },
  { download: true },
);
