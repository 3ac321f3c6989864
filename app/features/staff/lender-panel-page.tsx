import { PageHeader } from "~/components/console/page-header";
import { Form, Link, useNavigation } from "react-router";
import { TableSection } from "~/components/console/data-table";
import { FieldLabel } from "~/components/console/field-label";
import { Notice } from "~/components/console/notice";
import { TextLink } from "~/components/console/text-link";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldError, TextField } from "~/components/ui/field";
import { formatPercent, formatPounds, formatTerm } from "~/domain/finance";
import {
  CREDIT_LTV_FIELDS,
  type LenderCriteria,
  MAX_RATE_BANDS,
  PRODUCT_KINDS,
  type ProductFormValues,
  type ProductKind,
  problemsInOrder,
  rateBandFields,
} from "~/domain/lender-products";
import { CREDIT_HISTORIES, EMPLOYMENT_STATUSES, LOAN_PURPOSES, optionLabel } from "~/domain/options";
import { formatWhen } from "./format";

// The lender panel in the console (DECISIONS D22): the list of products, live and
// retired, and the form that adds or changes one. Plain forms posting to the route.

export interface PanelRow {
  id: string;
  lender: string;
  productName: string;
  kind: ProductKind;
  criteria: LenderCriteria;
  retiredAt: string | null;
}

type Tone = { tone: "error" | "success"; text: string } | null;

const h2Class = "text-xl font-bold text-slate-900";

/** "Second charge", "Partner hand-off": the kind's label, never its stored value. */
export const productKindLabel = (kind: string) => optionLabel(PRODUCT_KINDS, kind);

/** "2% + £250", "£50", "None". */
export function commissionText(c: Pick<LenderCriteria, "commissionPercent" | "commissionFixedPounds">) {
  const parts = [
    c.commissionPercent > 0 ? `${formatPercent(c.commissionPercent)} of the loan` : null,
    c.commissionFixedPounds > 0 ? formatPounds(c.commissionFixedPounds) : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" + ") : "None";
}

const rateText = (c: LenderCriteria) => {
  const rates = c.rateBands.map((b) => b.ratePercent);
  const low = Math.min(...rates);
  const high = Math.max(...rates);
  return low === high ? formatPercent(low) : `${formatPercent(low)} to ${formatPercent(high)}`;
};

export function LenderPanelPage({ products, notice }: { products: PanelRow[]; notice: Tone }) {
  const live = products.filter((p) => !p.retiredAt);
  const retired = products.filter((p) => p.retiredAt);
  return (
    <>
      <PageHeader
        title="Lender panel"
        intro={
          <>
            Every lead is matched against the live products here. A product is retired, never deleted, and every change
            is in the audit log.
          </>
        }
      />
      {notice && (
        <div className="mt-4">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}
      <p className="mt-4">
        <Button asChild variant="secondary" size="sm">
          <Link to="/staff/lenders/new">Add a product</Link>
        </Button>
      </p>
      <ProductTable title="Live products" id="live" rows={live} empty="No live products yet: add one." />
      {retired.length > 0 && <ProductTable title="Retired products" id="retired" rows={retired} empty="" />}
    </>
  );
}

function ProductTable({ title, id, rows, empty }: { title: string; id: string; rows: PanelRow[]; empty: string }) {
  return (
    <TableSection
      id={id}
      title={title}
      none={empty}
      look="list"
      testId={`${id}-products`}
      rows={rows}
      rowKey={(p) => p.id}
      alignTop
      columns={[
        {
          header: "Lender",
          className: "font-semibold",
          cell: (p) => p.lender,
        },
        {
          header: "Product",
          cell: (p) => <TextLink to={`/staff/lenders/${p.id}`}>{p.productName}</TextLink>,
        },
        { header: "Kind", cell: (p) => productKindLabel(p.kind) },
        {
          header: "Loan",
          className: "whitespace-nowrap",
          cell: (p) => `${formatPounds(p.criteria.minLoan)} to ${formatPounds(p.criteria.maxLoan)}`,
        },
        {
          header: "Term",
          className: "whitespace-nowrap",
          cell: (p) => `${formatTerm(p.criteria.minTermMonths)} to ${formatTerm(p.criteria.maxTermMonths)}`,
        },
        {
          header: "Rates",
          className: "whitespace-nowrap",
          cell: (p) => rateText(p.criteria),
        },
        { header: "Commission", cell: (p) => commissionText(p.criteria) },
        {
          header: "Status",
          cell: (p) => (p.retiredAt ? `Retired ${formatWhen(p.retiredAt)}` : "Live"),
        },
      ]}
    />
  );
}

export interface ProductFormPageProps {
  /** Null for a new product. */
  product: {
    id: string;
    version: number;
    lender: string;
    productName: string;
    retiredAt: string | null;
  } | null;
  values: ProductFormValues;
  problems: Partial<Record<string, string>>;
  notice: Tone;
}

/** Where the error summary sends the focus for a field: a group's first box. */
const targetOf = (field: string) =>
  field === "employment"
    ? `employment-${EMPLOYMENT_STATUSES[0].value}`
    : field === "excludedPurposes"
      ? `excludedPurposes-${LOAN_PURPOSES[0].value}`
      : field;

const fieldsetClass = "mt-6 rounded-lg border border-slate-300 p-4";
const legendClass = "px-1 text-lg font-bold text-slate-900";

export function ProductFormPage({ product, values, problems, notice }: ProductFormPageProps) {
  const busy = useNavigation().state === "submitting";
  const text = (name: string) => values.text[name] ?? "";
  const field = (name: string, label: string, hint?: string, extra: { inputMode?: "decimal" | "numeric" } = {}) => (
    <TextField
      key={name}
      id={name}
      name={name}
      label={label}
      hint={hint}
      defaultValue={text(name)}
      error={problems[name]}
      autoComplete="off"
      {...extra}
    />
  );
  const retired = Boolean(product?.retiredAt);
  const title = product ? `${product.lender}: ${product.productName}` : "Add a product";
  return (
    <>
      <PageHeader title={title} back={{ to: "/staff/lenders", label: "Lender panel" }} />
      {notice && (
        <div className="mt-4">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}
      {retired && product?.retiredAt && (
        <p className="mt-3 font-semibold">
          Retired {formatWhen(product.retiredAt)}: it is no longer matched, and it can no longer be changed.
        </p>
      )}
      <ErrorSummary
        problems={problemsInOrder(problems).map((p) => ({
          targetId: targetOf(p.field),
          message: p.message,
        }))}
        autoFocus
        className="mt-5"
      />
      <Form method="post" noValidate className="max-w-3xl" aria-label={product ? "Change this product" : "New product"}>
        <input type="hidden" name="intent" value="save" />
        {product && <input type="hidden" name="version" value={product.version} />}
        <fieldset disabled={retired} className="contents">
          <div className={cn(fieldsetClass, "grid gap-4 sm:grid-cols-2")}>
            {field("lender", "Lender")}
            {field("productName", "Product name")}
            <div className="sm:col-span-2">
              <FieldLabel htmlFor="kind" size="normal">
                Kind
              </FieldLabel>
              <select
                id="kind"
                name="kind"
                defaultValue={text("kind")}
                aria-invalid={problems.kind ? true : undefined}
                aria-describedby={problems.kind ? "kind-error" : undefined}
                className="mt-1.5 block min-h-12 w-full rounded-lg border border-slate-500 bg-white px-3 py-2"
              >
                {PRODUCT_KINDS.map((k) => (
                  <option key={k.value} value={k.value}>
                    {k.label}
                  </option>
                ))}
              </select>
              <FieldError id="kind-error" error={problems.kind} />
            </div>
          </div>

          <fieldset className={cn(fieldsetClass, "grid gap-4 sm:grid-cols-2")}>
            <legend className={legendClass}>Loan and term</legend>
            {field("minLoan", "Smallest loan (£)", undefined, {
              inputMode: "numeric",
            })}
            {field("maxLoan", "Largest loan (£)", undefined, {
              inputMode: "numeric",
            })}
            {field("minTermMonths", "Shortest term (months)", undefined, {
              inputMode: "numeric",
            })}
            {field("maxTermMonths", "Longest term (months)", undefined, {
              inputMode: "numeric",
            })}
          </fieldset>

          <fieldset className={cn(fieldsetClass, "grid gap-4 sm:grid-cols-3")}>
            <legend className={legendClass}>Highest LTV (%) for each credit history</legend>
            <p className="text-sm text-slate-700 sm:col-span-3">
              Leave a box empty when the product does not lend to that credit history.
            </p>
            {CREDIT_HISTORIES.map((c) =>
              field(CREDIT_LTV_FIELDS[c.value], c.label, undefined, {
                inputMode: "decimal",
              }),
            )}
          </fieldset>

          <Ticks
            name="employment"
            legend="Employment types it accepts"
            options={EMPLOYMENT_STATUSES}
            ticked={values.employment}
            error={problems.employment}
          />
          <div className={cn(fieldsetClass, "grid gap-4 sm:grid-cols-2")}>
            {field("minMonthlyIncome", "Least monthly income (£)", "0 for any income", { inputMode: "numeric" })}
            {field("maxAgeAtEnd", "Highest age at the end of the term", "Leave empty for no limit", {
              inputMode: "numeric",
            })}
          </div>
          <Ticks
            name="excludedPurposes"
            legend="Purposes it does not lend for"
            options={LOAN_PURPOSES}
            ticked={values.excludedPurposes}
            error={problems.excludedPurposes}
          />

          <fieldset className={cn(fieldsetClass, "grid gap-4 sm:grid-cols-2")}>
            <legend className={legendClass}>Rate by LTV band</legend>
            <p className="text-sm text-slate-700 sm:col-span-2">
              Each band's rate applies up to and including its LTV. Fill bands from the lowest LTV up; leave the rest
              empty.
            </p>
            {Array.from({ length: MAX_RATE_BANDS }, (_, i) => {
              const f = rateBandFields(i);
              return (
                <div key={f.upTo} className="contents">
                  {field(f.upTo, `Band ${i + 1}: up to LTV (%)`, undefined, {
                    inputMode: "decimal",
                  })}
                  {field(f.rate, `Band ${i + 1}: rate (%)`, undefined, {
                    inputMode: "decimal",
                  })}
                </div>
              );
            })}
          </fieldset>

          <fieldset className={cn(fieldsetClass, "grid gap-4 sm:grid-cols-3")}>
            <legend className={legendClass}>Fee and commission</legend>
            {field("feePounds", "Lender's fee (£)", "0 for none", {
              inputMode: "decimal",
            })}
            {field("commissionPercent", "Commission (% of the loan)", "0 for none", { inputMode: "decimal" })}
            {field("commissionFixedPounds", "Commission, fixed (£)", "0 for none", { inputMode: "decimal" })}
          </fieldset>

          {!retired && (
            <p className="mt-6">
              <Button type="submit" variant="secondary" disabled={busy}>
                {product ? "Save changes" : "Add product"}
              </Button>
            </p>
          )}
        </fieldset>
      </Form>
      {product && !retired && (
        <section aria-labelledby="retire-heading" className="mt-10 max-w-3xl rounded-lg border border-slate-300 p-4">
          <h2 id="retire-heading" className={h2Class}>
            Retire this product
          </h2>
          <p className="mt-2">
            A retired product is no longer matched against leads. It is kept, with its history, and cannot be deleted.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="retire" />
            <input type="hidden" name="version" value={product.version} />
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              Retire product
            </Button>
          </Form>
        </section>
      )}
    </>
  );
}

function Ticks({
  name,
  legend,
  options,
  ticked,
  error,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  ticked: string[];
  error: string | undefined;
}) {
  return (
    <fieldset className={fieldsetClass} aria-describedby={error ? `${name}-error` : undefined}>
      <legend className={legendClass}>{legend}</legend>
      <FieldError id={`${name}-error`} error={error} />
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.value} htmlFor={`${name}-${o.value}`} className="flex min-h-11 items-center gap-3">
            <input
              id={`${name}-${o.value}`}
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={ticked.includes(o.value)}
              aria-invalid={error ? true : undefined}
              className="h-6 w-6 shrink-0 accent-brand-700"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
