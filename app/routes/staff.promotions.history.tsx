import { data } from "react-router";
import { PastCopyProvider } from "~/components/promotion-context";
import type { RouteHandle } from "~/components/route-handle";
import { SiteFooter } from "~/components/site-footer";
import { isOwnKey } from "~/domain/own-keys";
import { readUkMoment } from "~/domain/promotions";
import { ukClock, ukInstant } from "~/domain/uk-time";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { HistoryPage } from "~/features/staff/promotions/promotion-pages";
import { PROMOTED_PAGES } from "~/pages/promoted-pages";
import { builtInPromotion, promotionLiveAt } from "../../server/promotions/promotions.server";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.promotions.history";

// /staff/promotions/history?page=/x&day=YYYY-MM-DD&time=HH:MM (DECISIONS D27): "what did
// this page say on 3 March at 10:00?" The page is drawn by its own component with the
// figures of the version live at that moment, marked as a past copy; console-only,
// never indexed, never served to the public.

export const meta: Route.MetaFunction = consoleMeta("A page as it was");
export const headers: Route.HeadersFunction = privatePageHeaders;
/** A past copy is for reading: no React in the browser (its calculators hydrate alone, as on the site). */
export const handle: RouteHandle = { hydrate: false };

const MOMENT_INVALID = "Enter a day and a time (UK time)";

export const loader = consoleLoader("promotions.read", async ({ request, context, staff }) => {
  const { headers } = staff;
  const url = new URL(request.url);
  const asked = url.searchParams.get("page");
  const now = ukClock(new Date());
  const nowTime = `${String(Math.floor(now.minutes / 60)).padStart(2, "0")}:${String(now.minutes % 60).padStart(2, "0")}`;
  const values = {
    page: asked !== null && isOwnKey(PROMOTED_PAGES, asked) ? asked : "/secured-homeowner-loan",
    day: url.searchParams.get("day") ?? now.day,
    time: url.searchParams.get("time") ?? nowTime,
  };
  const pages = Object.entries(PROMOTED_PAGES).map(([path, page]) => ({ path, title: page.title }));
  const base = { pages, values, error: null as string | null, shown: null, figures: null };
  if (asked === null) return data(base, { headers });
  const at = readUkMoment(values.day, values.time, ukInstant);
  if (!at) return data({ ...base, error: MOMENT_INVALID }, { headers });
  const past = await promotionLiveAt(context.db, at, builtInPromotion(context.config.site.claims));
  return data(
    { ...base, shown: { at: at.toISOString(), versionId: past.versionId }, figures: past.figures },
    { headers },
  );
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function PromotionHistory({ loaderData }: Route.ComponentProps) {
  const { figures, ...props } = loaderData;
  const page = isOwnKey(PROMOTED_PAGES, props.values.page) ? PROMOTED_PAGES[props.values.page] : undefined;
  return (
    <HistoryPage {...props}>
      {figures && page && (
        <PastCopyProvider figures={figures} handle={page.handle}>
          <page.Page />
          <SiteFooter />
        </PastCopyProvider>
      )}
    </HistoryPage>
  );
}
