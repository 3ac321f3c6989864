import { data, redirect } from "react-router";
import { isSameSitePost } from "../../server/accounts.server";
import { staffFormPost } from "../../server/staff/form-post.server";
import { addProduct } from "../../server/staff/lender-panel.server";
import { requirePermission } from "../../server/staff/guard.server";
import { EMPTY_PRODUCT_FORM, readProductForm } from "~/domain/lender-products";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { ProductFormPage } from "~/features/staff/lender-panel-page";
import { consoleMeta } from "~/features/staff/console-meta";
import type { Route } from "./+types/staff.lenders.new";

// /staff/lenders/new: a product added to the panel (DECISIONS D22). Any signed-in staff
// member may (decision 210). A refused form comes back 400 with each problem beside its
// field and in the error summary (D24).

export const meta: Route.MetaFunction = consoleMeta("Add a product");
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { headers } = await requirePermission(context, request, "panel.manage");
  return data({ product: null, values: EMPTY_PRODUCT_FORM, problems: {}, notice: null }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requirePermission(context, request, "panel.manage");
  if (!isSameSitePost(request, context.config.siteUrl)) throw data(null, { status: 403 });
  const form = await staffFormPost(request);
  const read = readProductForm(
    (name) => String(form.get(name) ?? ""),
    (name) => form.getAll(name).map(String),
  );
  if (!read.ok) return data({ values: read.values, problems: read.problems }, { status: 400 });
  await addProduct(context.db, user, read.product);
  return redirect("/staff/lenders?done=added");
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductFormPage {...loaderData} {...(actionData ?? {})} />;
}
