import { data, redirect } from "react-router";
import { ownValue } from "~/domain/own-keys";
import {
  BASED_ON_FIELD,
  checkPromotion,
  PUBLISH_AT_FIELD,
  type PromotionErrors,
  promotionFieldValues,
  promotionFromFields,
  readBasedOn,
  readPublishAt,
} from "~/domain/promotions";
import { pageChanges, promotionWarnings } from "~/domain/promotion-changes";
import { ukInstant } from "~/domain/uk-time";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { PromotionsPage } from "~/features/staff/promotions/promotion-pages";
import { livePromotion } from "../../server/promotions/live.server";
import {
  draftPromotion,
  promotionHistory,
  promotionVersion,
  versionSummary,
} from "../../server/promotions/promotions.server";
import { holds } from "../../server/staff/guard.server";
import { liveProducts } from "../../server/staff/lender-panel/lender-panel.server";
import { type ConsoleActionArgs, consoleAction, consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.promotions._index";

// /staff/promotions (DECISIONS D27): the live figures, the versions waiting, the draft
// form (every figure, the pages it touches before and after, each refusal beside its
// field) and every version. Drafting asks promotions.draft; approval is each version's page.

export const meta: Route.MetaFunction = consoleMeta("Rates, examples and claims");
export const headers: Route.HeadersFunction = privatePageHeaders;

const SUMMARY_REQUIRED = "Say what the change is for, in a few words";
const SUMMARY_MAX = 300;

async function overview(context: Route.LoaderArgs["context"]) {
  const versions = (await promotionHistory(context.db)).map(versionSummary);
  return {
    live: versions.find((v) => v.status === "live") ?? null,
    waiting: versions.filter((v) => v.status === "draft" || v.status === "approved"),
    recent: versions.slice(0, 50),
  };
}

export const loader = consoleLoader("promotions.read", async ({ request, context, staff }) => {
  const { user, headers } = staff;
  const live = await livePromotion(context);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      ...(await overview(context)),
      canDraft: holds(user, "promotions.draft"),
      values: {
        ...promotionFieldValues(live.figures),
        summary: "",
        publishDay: "",
        publishTime: "",
        // The figures the form starts from: the draft's base, whatever goes live before it is sent.
        [BASED_ON_FIELD]: live.versionId === null ? "" : String(live.versionId),
      },
      errors: {} as PromotionErrors,
      touched: null,
      refused: false,
      notice: done === "sent-back" ? "The version is sent back to its drafter." : null,
    },
    { headers },
  );
});

/**
 * A change previewed (the pages it touches, only their figures that differ, and what its
 * approver will be warned of) or drafted for another to approve. What the change is for
 * is asked for when it is sent, not to preview it.
 */
async function previewOrDraft({ form, context, staff }: ConsoleActionArgs) {
  const { user } = staff;
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  const value = (name: string) => ownValue(fields, name);
  const intent = value("intent");

  const live = await livePromotion(context);
  const figures = promotionFromFields(value);
  const errors: PromotionErrors = checkPromotion(figures);
  const summary = (value("summary") ?? "").trim();
  if (summary === "" && intent !== "preview") errors.summary = SUMMARY_REQUIRED;
  else if (summary.length > SUMMARY_MAX) errors.summary = `At most ${SUMMARY_MAX} characters`;
  const publish = readPublishAt(value("publishDay") ?? "", value("publishTime") ?? "", new Date(), ukInstant);
  if (!publish.ok) errors[PUBLISH_AT_FIELD] = publish.error;
  const refused = Object.keys(errors).length > 0;

  if (refused || intent === "preview" || !publish.ok) {
    return data(
      {
        ...(await overview(context)),
        canDraft: true,
        values: {
          ...fields,
          summary: value("summary") ?? "",
          publishDay: value("publishDay") ?? "",
          publishTime: value("publishTime") ?? "",
        },
        errors,
        touched: refused ? null : pageChanges(live.figures, figures),
        warnings: refused ? [] : promotionWarnings(figures, await liveProducts(context.db)),
        refused,
        notice: null,
      },
      { status: refused ? 400 : 200 },
    );
  }
  const drafted = await draftPromotion(
    context.db,
    { id: user.id, name: user.name },
    {
      figures,
      summary,
      publishAt: publish.at,
      basedOn: await draftedOn(context, value(BASED_ON_FIELD), live.versionId),
    },
  );
  if (!drafted.ok) throw data({ reason: "The figures could not be checked" }, { status: 400 });
  return redirect(`/staff/promotions/${drafted.id}?done=drafted`, 303);
}

export const action = consoleAction("promotions.draft", { preview: previewOrDraft, draft: previewOrDraft });

/**
 * The version a posted form's figures were drafted on: the one live when it was opened
 * (its hidden field), or the live one for a form without it. A number that is no version
 * ever live is read as the code's figures, so the approver is warned rather than misled.
 */
async function draftedOn(
  context: Route.ActionArgs["context"],
  posted: string | undefined,
  liveId: number | null,
): Promise<number | null> {
  if (posted === undefined) return liveId;
  const id = readBasedOn(posted);
  if (id === null || id === liveId) return id;
  const version = Number.isSafeInteger(id) ? await promotionVersion(context.db, id) : undefined;
  return version?.liveFrom ? version.id : null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Promotions({ loaderData, actionData }: Route.ComponentProps) {
  return <PromotionsPage {...loaderData} {...(actionData ?? {})} />;
}
