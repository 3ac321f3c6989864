import { ownValue } from "~/domain/own-keys";
import { data } from "react-router";
import { panelProducts } from "../../server/staff/lender-panel/lender-panel.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { LenderPanelPage } from "~/features/staff/lender-panel-page";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.lenders._index";

// /staff/lenders: the lender panel, live and retired products (DECISIONS D22). Adding is
// /staff/lenders/new; changing or retiring one is /staff/lenders/:id.

export const meta: Route.MetaFunction = consoleMeta("Lender panel");
export const headers: Route.HeadersFunction = privatePageHeaders;

const DONE: Record<string, string> = {
  added: "Product added to the panel.",
  changed: "Product saved.",
  retired: "Product retired: it is no longer matched against leads.",
};

export const loader = consoleLoader("panel.manage", async ({ request, context, staff }) => {
  const { headers } = staff;
  const products = await panelProducts(context.db);
  const doneText = ownValue(DONE, new URL(request.url).searchParams.get("done") ?? "");
  return data(
    {
      products: products.map((p) => ({
        id: p.id,
        lender: p.lender,
        productName: p.productName,
        kind: p.kind,
        criteria: p.criteria,
        retiredAt: p.retiredAt?.toISOString() ?? null,
      })),
      notice: doneText ? { tone: "success" as const, text: doneText } : null,
    },
    { headers },
  );
});

/** A refusal (a role that does not include this, a request the page cannot take) in the console's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function LenderPanel({ loaderData }: Route.ComponentProps) {
  return <LenderPanelPage {...loaderData} />;
}
