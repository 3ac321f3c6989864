import { data, redirect } from "react-router";
import { addProduct } from "../../server/staff/lender-panel/lender-panel.server";
import { EMPTY_PRODUCT_FORM, readProductForm } from "~/domain/lender-products";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { ProductFormPage } from "~/features/staff/lender-panel-page";
import { consoleMeta } from "~/features/staff/console-meta";
import { type ConsoleActionArgs, consoleAction, consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.lenders.new";

// /staff/lenders/new: a product added to the panel (DECISIONS D22). Any signed-in staff
// member may (decision 210). A refused form comes back 400 with each problem beside its
// field and in the error summary (D24).

export const meta: Route.MetaFunction = consoleMeta("Add a product");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("panel.manage", async ({ staff }) => {
  const { headers } = staff;
  return data({ product: null, values: EMPTY_PRODUCT_FORM, problems: {}, notice: null }, { headers });
});

async function add({ form, context, staff }: ConsoleActionArgs) {
  const read = readProductForm(
    (name) => String(form.get(name) ?? ""),
    (name) => form.getAll(name).map(String),
  );
  if (!read.ok) return data({ values: read.values, problems: read.problems }, { status: 400 });
  await addProduct(context.db, staff.user, read.value);
  return redirect("/staff/lenders?done=added");
}

// The product form's button is named `save` on both pages; a post without it is the same.
export const action = consoleAction("panel.manage", { save: add, default: add });

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductFormPage {...loaderData} {...(actionData ?? {})} />;
}
