import { data, redirect } from "react-router";
import { ownValue } from "~/domain/own-keys";
import {
  figureChanges,
  pageChanges,
  promotionWarnings,
  WARNINGS_SEEN_FIELD,
  warningsRefusal,
  warningsSeenValue,
} from "~/domain/promotion-changes";
import { ratesFrom, REPLACES_LIVE_FIELD, replacesLiveRefusal, replacesLiveValue, staleBase } from "~/domain/promotions";
import type { CheckStepView } from "~/components/console/check-step";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { approveCheck } from "~/features/staff/promotions/approve-check";
import { VersionPage } from "~/features/staff/promotions/promotion-pages";
import {
  approvePromotion,
  builtInPromotion,
  comparedWith,
  decisionRefusal,
  heldBack,
  type PromotionVersion,
  promotionVersion,
  rejectPromotion,
  versionSummary,
} from "../../server/promotions/promotions.server";
import { holds } from "../../server/staff/guard.server";
import { liveProducts } from "../../server/staff/lender-panel/lender-panel.server";
import type { StaffUser } from "../../server/staff/session.server";
import { type ConsoleActionArgs, consoleAction, consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.promotions.$id";

// /staff/promotions/:id (DECISIONS D27): one version, the pages it touches before and
// after, and its approval or sending back, by a member holding promotions.approve who
// did not draft it (the server refuses the drafter whatever the page showed).

export const meta: Route.MetaFunction = consoleMeta("A promotion version");
export const headers: Route.HeadersFunction = privatePageHeaders;

const REASON_REQUIRED = "Say why it goes back, for its drafter";
const NOTICES: Record<string, string> = {
  drafted: "Sent for approval. Another member approves it or sends it back.",
  approved: "Approved. It goes live at its time on every page it touches.",
  published: "Approved and live: every page it touches shows it within seconds.",
  held: "Not published: a version due before it went live first. It waits for approval again, against the figures live now.",
};

async function versionOr404(context: Route.LoaderArgs["context"], id: string | undefined) {
  const number = /^\d{1,15}$/.test(id ?? "") ? Number(id) : Number.NaN;
  const version = Number.isSafeInteger(number) ? await promotionVersion(context.db, number) : undefined;
  if (!version) throw data({ reason: "There is no such version" }, { status: 404 });
  return version;
}

/** What a refused or asked approval draws beside its fields. */
interface Answer {
  error?: string | null;
  replacesLiveError?: string | null;
  warningsError?: string | null;
  check?: CheckStepView | null;
}

async function view(
  context: Route.LoaderArgs["context"],
  version: PromotionVersion,
  user: StaffUser,
  answer: Answer = {},
) {
  const builtIn = builtInPromotion(context.config.site.claims);
  const before = await comparedWith(context.db, version, builtIn);
  const refusal = decisionRefusal(version, user);
  const stale = version.status === "draft" && before.live ? staleBase(version.basedOn, before.versionId) : null;
  const may = holds(user, "promotions.approve") && refusal === null;
  // What the approver must acknowledge, against the lender panel as it is now (DECISIONS D31).
  const warnings = version.status === "draft" ? promotionWarnings(version.figures, await liveProducts(context.db)) : [];
  return {
    version: versionSummary(version),
    figures: version.figures,
    touched: pageChanges(before.figures, version.figures),
    changes: figureChanges(before.figures, version.figures),
    ratesFromBefore: ratesFrom(before.figures),
    warnings,
    warningsSeen:
      may && warnings.length > 0 ? { tick: warningsSeenValue(warnings), error: answer.warningsError ?? null } : null,
    check: answer.check ?? null,
    basedOn: version.basedOn,
    comparedWith: { versionId: before.versionId, live: before.live },
    stale: stale && { ...stale, tick: replacesLiveValue(stale.live), error: answer.replacesLiveError ?? null },
    held: version.status === "draft" ? await heldBack(context.db, version.id) : null,
    decision: may
      ? ({ may: true } as const)
      : ({ may: false, reason: holds(user, "promotions.approve") ? refusal : null } as const),
    error: answer.error ?? null,
  };
}

export const loader = consoleLoader("promotions.read", async ({ request, context, params, staff }) => {
  const { user, headers } = staff;
  const version = await versionOr404(context, params.id);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data({ ...(await view(context, version, user)), notice: ownValue(NOTICES, done) ?? null }, { headers });
});

const posted = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : null;
};

/**
 * Approval is confirmed (DECISIONS D31): refused at its tick boxes while a warning is not
 * acknowledged or a newer live version not confirmed replaced; then a check step that says
 * when it goes live and on which pages; its Confirm posts the same fields with confirm=yes,
 * checked again, since the panel or the live version may have moved between the two.
 */
async function approve({ form, context, params, staff }: ConsoleActionArgs) {
  const { user } = staff;
  const version = await versionOr404(context, params.id);
  const ticked = posted(form, REPLACES_LIVE_FIELD);
  const seen = posted(form, WARNINGS_SEEN_FIELD);
  const shown = await view(context, version, user);
  if (shown.decision.may) {
    const warningsError = warningsRefusal(shown.warnings, seen);
    const replacesLiveError = shown.stale
      ? replacesLiveRefusal(version.basedOn, shown.comparedWith.versionId, ticked)
      : null;
    if (warningsError || replacesLiveError)
      return data(
        { ...(await view(context, version, user, { warningsError, replacesLiveError })), notice: null },
        { status: 400 },
      );
    if (form.get("confirm") !== "yes") {
      const fields: [string, string][] = [["intent", "approve"]];
      if (ticked !== null) fields.push([REPLACES_LIVE_FIELD, ticked]);
      if (seen !== null) fields.push([WARNINGS_SEEN_FIELD, seen]);
      const check = approveCheck(shown.version, shown.touched, shown.changes.length, shown.warnings, fields);
      return data({ ...shown, check, notice: null });
    }
  }
  const result = await approvePromotion(context.db, { id: user.id, name: user.name }, version.id, new Date(), ticked);
  // Not confirmed that it replaces a newer live version (gone live since the checks above): the reason beside the tick box.
  if (!result.ok && result.field === REPLACES_LIVE_FIELD)
    return data(
      { ...(await view(context, version, user, { replacesLiveError: result.reason })), notice: null },
      { status: 400 },
    );
  if (!result.ok)
    return data({ ...(await view(context, version, user, { error: result.reason })), notice: null }, { status: 409 });
  // This server shows it at once; the others within their next poll.
  if (result.published) await context.promotions?.refresh();
  // Held back at once: a version due before it went live in the same moment (decision 512).
  const held = !result.published && (await promotionVersion(context.db, version.id))?.status === "draft";
  return redirect(
    `/staff/promotions/${version.id}?done=${result.published ? "published" : held ? "held" : "approved"}`,
    303,
  );
}

async function reject({ form, context, params, staff }: ConsoleActionArgs) {
  const { user } = staff;
  const version = await versionOr404(context, params.id);
  const reason = String(form.get("reason") ?? "").trim();
  if (reason === "" || reason.length > 500)
    return data({ ...(await view(context, version, user, { error: REASON_REQUIRED })), notice: null }, { status: 400 });
  const result = await rejectPromotion(context.db, { id: user.id, name: user.name }, version.id, reason, new Date());
  if (!result.ok)
    return data({ ...(await view(context, version, user, { error: result.reason })), notice: null }, { status: 409 });
  return redirect("/staff/promotions?done=sent-back", 303);
}

export const action = consoleAction("promotions.approve", { approve, reject });

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function PromotionVersionRoute({ loaderData, actionData }: Route.ComponentProps) {
  const props = { ...loaderData, ...(actionData ?? {}) };
  return (
    <>
      {props.notice && (
        <p role="status" className="mb-4 rounded-md border border-green-700 bg-green-50 p-3 font-semibold">
          {props.notice}
        </p>
      )}
      <VersionPage {...props} />
    </>
  );
}
