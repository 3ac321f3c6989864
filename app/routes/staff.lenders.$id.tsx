import { data, redirect } from "react-router";
import { isSameSitePost } from "../../server/accounts.server";
import { staffFormPost } from "../../server/staff/form-post.server";
import { changeProduct, findProduct, retireProduct } from "../../server/staff/lender-panel.server";
import { notFound } from "../../server/staff/session.server";
import { requirePermission } from "../../server/staff/guard.server";
import { productFormValues, readProductForm } from "~/domain/lender-products";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { ProductFormPage } from "~/features/staff/lender-panel-page";
import { consoleMeta } from "~/features/staff/console-meta";
import type { Route } from "./+types/staff.lenders.$id";

// /staff/lenders/:id: one product, changed or retired (never deleted: there is no such
// action). Each change checks the version the page was drawn from (DECISIONS D22).

export const meta: Route.MetaFunction = consoleMeta("Lender product");
export const headers: Route.HeadersFunction = privatePageHeaders;

const STALE =
  "Someone else changed this product while you had it open, so your change was not saved. Reload the page to see it as it is now.";
const RETIRED = "This product is retired, so it can no longer be changed.";

const productHeader = (p: NonNullable<Awaited<ReturnType<typeof findProduct>>>) => ({
  id: p.id,
  version: p.version,
  lender: p.lender,
  productName: p.productName,
  retiredAt: p.retiredAt?.toISOString() ?? null,
});

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { headers } = await requirePermission(context, request, "panel.manage");
  const product = await findProduct(context.db, params.id);
  if (!product) throw notFound();
  return data(
    { product: productHeader(product), values: productFormValues(product), problems: {}, notice: null },
    { headers },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await requirePermission(context, request, "panel.manage");
  if (!isSameSitePost(request, context.config.siteUrl)) throw data(null, { status: 403 });
  const form = await staffFormPost(request);
  const intent = String(form.get("intent") ?? "");
  const version = Number(form.get("version"));
  if (!Number.isInteger(version)) throw data({ reason: "Please reload the page and try again." }, { status: 400 });
  const problem = (text: string, status: number) => data({ notice: { tone: "error" as const, text } }, { status });
  if (intent === "save") {
    const read = readProductForm(
      (name) => String(form.get(name) ?? ""),
      (name) => form.getAll(name).map(String),
    );
    if (!read.ok) return data({ values: read.values, problems: read.problems }, { status: 400 });
    const outcome = await changeProduct(context.db, user, { id: params.id, version, product: read.product });
    if (outcome.ok) return redirect("/staff/lenders?done=changed");
    if (outcome.reason === "not-found") throw notFound();
    return problem(outcome.reason === "stale" ? STALE : RETIRED, 409);
  }
  if (intent === "retire") {
    const outcome = await retireProduct(context.db, user, { id: params.id, version });
    if (outcome.ok) return redirect("/staff/lenders?done=retired");
    if (outcome.reason === "not-found") throw notFound();
    return problem(outcome.reason === "stale" ? STALE : RETIRED, 409);
  }
  throw data({ reason: "Unknown action." }, { status: 400 });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductFormPage {...loaderData} {...(actionData ?? {})} />;
}
