import type { CheckStepView } from "~/components/console/check-step";
import type { PageChange, PromotionWarning } from "~/domain/promotion-changes";
import type { VersionSummary } from "~/domain/promotions";
import { formatWhen } from "../format";

// The check step before a version is approved (DECISIONS D31: publishing a promotion is
// confirmed): when it goes live, how many figures change, the warnings acknowledged, and
// every page that will print it.

export function approveCheck(
  version: Pick<VersionSummary, "id" | "publishAt">,
  pages: readonly PageChange[],
  figuresChanged: number,
  warnings: readonly PromotionWarning[],
  fields: [string, string][],
): CheckStepView {
  const when = version.publishAt
    ? `It goes live at ${formatWhen(version.publishAt)}: from then`
    : "It goes live at once: within seconds";
  const figures = figuresChanged === 1 ? "1 figure changes" : `${figuresChanged} figures change`;
  const acknowledged =
    warnings.length === 0
      ? ""
      : ` You acknowledge ${warnings.length === 1 ? "its warning" : `its ${warnings.length} warnings`}.`;
  return {
    title: version.publishAt
      ? `Approve version ${version.id} to go live at ${formatWhen(version.publishAt)}?`
      : `Approve version ${version.id} and publish it now?`,
    what: `${when} every visitor sees its figures${
      pages.length === 0 ? "" : pages.length === 1 ? " on this page" : ` on these ${pages.length} pages`
    }, and every new quote is made on them (${figures}).${acknowledged}`,
    whom:
      pages.length > 0
        ? pages.map((page) => `${page.title} (${page.path})`)
        : ["No page: its figures are those live now"],
    fields,
    confirm: version.publishAt ? `Approve version ${version.id}` : `Approve and publish version ${version.id}`,
  };
}
