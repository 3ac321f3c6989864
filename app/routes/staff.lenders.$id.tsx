import { data, redirect } from "react-router";
import { type ConsoleActionArgs, consoleAction, consoleLoader } from "../../server/staff/console-route.server";
import { changeProduct, findProduct, retireProduct } from "../../server/staff/lender-panel/lender-panel.server";
import { notFound } from "../../server/staff/session.server";
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

export const loader = consoleLoader("panel.manage", async ({ params, context, staff }) => {
  const product = await findProduct(context.db, String(params.id));
  if (!product) throw notFound();
  return data(
    { product: productHeader(product), values: productFormValues(product), problems: {}, notice: null },
    { headers: staff.headers },
  );
});

/** The version the page was drawn from, which every change checks. */
function versionOf(form: FormData) {
  const version = Number(form.get("version"));
  if (!Number.isInteger(version)) throw data({ reason: "Please reload the page and try again." }, { status: 400 });
  return version;
}

const problem = (text: string, status: number) => data({ notice: { tone: "error" as const, text } }, { status });

async function save({ form, params, context, staff }: ConsoleActionArgs) {
  const version = versionOf(form);
  const read = readProductForm(
    (name) => String(form.get(name) ?? ""),
    (name) => form.getAll(name).map(String),
  );
  if (!read.ok) return data({ values: read.values, problems: read.problems }, { status: 400 });
  const outcome = await changeProduct(context.db, staff.user, {
    id: String(params.id),
    version,
    product: read.value,
  });
  if (outcome.ok) return redirect("/staff/lenders?done=changed");
  if (outcome.reason === "not-found") throw notFound();
  return problem(outcome.reason === "stale" ? STALE : RETIRED, 409);
}

async function retire({ form, params, context, staff }: ConsoleActionArgs) {
  const version = versionOf(form);
  const outcome = await retireProduct(context.db, staff.user, { id: String(params.id), version });
  if (outcome.ok) return redirect("/staff/lenders?done=retired");
  if (outcome.reason === "not-found") throw notFound();
  return problem(outcome.reason === "stale" ? STALE : RETIRED, 409);
}

export const action = consoleAction("panel.manage", { save, retire });

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductFormPage {...loaderData} {...(actionData ?? {})} />;
}
