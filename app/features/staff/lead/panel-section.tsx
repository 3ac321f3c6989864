import { type DataColumn, DataTable } from "~/components/console/data-table";
import { TextLink, textLinkClass } from "~/components/console/text-link";
import { formatPercent, formatPounds, formatTerm } from "~/domain/finance";
import { caseMoveProblem } from "~/domain/lead-cases";
import { PRODUCT_KINDS } from "~/domain/lender-products";
import { optionLabel } from "~/domain/options";
import { canStartCase, StartCaseForm } from "../case-section";
import { formatWhen } from "../format";
import { type CaseView, type LeadView, lendersThatDeclined, type PanelView } from "../lead-view";
import { cn } from "~/components/ui/cn";

// The lender panel against the lead's answers (DECISIONS D22, docs/decisions/230).

const sectionClass = "mt-8";
const h2Class = "text-xl font-bold text-slate-900";

type Fit = PanelView["fits"][number];

/** The panel's columns: what a product costs this borrower, and whether its lender declined them before. */
function panelColumns(declinedBy: Map<string, string>): DataColumn<Fit>[] {
  const figure = "sm:whitespace-nowrap";
  return [
    {
      header: "Lender",
      className: "font-semibold",
      cell: (f) => (
        <>
          {f.lender}
          {declinedBy.has(f.lender) && (
            <span className="block font-normal text-red-800" data-testid="panel-declined">
              Declined this lead {formatWhen(declinedBy.get(f.lender) as string)}
            </span>
          )}
        </>
      ),
    },
    {
      header: "Product",
      cell: (f) => (
        <>
          {f.productName} <span className="text-slate-700">({optionLabel(PRODUCT_KINDS, f.kind)})</span>
        </>
      ),
    },
    { header: "Rate", className: figure, cell: (f) => `${formatPercent(f.ratePercent)} fixed` },
    { header: "Monthly payment", className: figure, cell: (f) => formatPounds(f.monthlyPayment, { pence: true }) },
    {
      header: "Total payable",
      className: figure,
      cell: (f) => (
        <>
          {formatPounds(f.totalPayable, { pence: true })}
          {f.feePounds > 0 && (
            <span className="text-slate-700 sm:block"> with the {formatPounds(f.feePounds, { pence: true })} fee</span>
          )}
        </>
      ),
    },
    { header: "Term", className: figure, cell: (f) => formatTerm(f.termMonths) },
  ];
}

/**
 * The products that fit, best rate first, and (folded) those that do not, each with its
 * first reason. While the lead may start a case, each product that fits offers "Start a case".
 */
export function PanelSection({
  panel,
  lead,
  leadCase,
  earlierCases,
  busy,
  work,
}: {
  panel: PanelView;
  lead: LeadView;
  leadCase: CaseView | null;
  earlierCases: CaseView[];
  busy: boolean;
  work: boolean;
}) {
  const starting = work && canStartCase(lead, leadCase);
  const declinedBy = lendersThatDeclined([leadCase, ...earlierCases]);
  // None yet, or the last declined: what stops a new case, if anything.
  const caseOpen = leadCase && leadCase.stage !== "declined";
  const notYet = caseOpen ? null : caseMoveProblem(lead, leadCase?.stage ?? null, "application-sent");
  return (
    <section aria-labelledby="panel-heading" className={sectionClass} data-testid="panel-match">
      <h2 id="panel-heading" className={h2Class}>
        Lender panel
      </h2>
      {notYet && panel.fits.length > 0 && <p className="mt-3">{notYet}.</p>}
      {caseOpen && <p className="mt-3">This lead's case is with {leadCase.product.lender}: see its stage above.</p>}
      {panel.live === 0 ? (
        <p className="mt-3">
          There are no live products on the panel yet:{" "}
          <TextLink to="/staff/lenders">add them to the lender panel</TextLink>.
        </p>
      ) : panel.fits.length === 0 ? (
        <p className="mt-3 font-semibold" data-testid="panel-no-match">
          No live product fits these answers: the answer is likely a referral or a no.
        </p>
      ) : (
        // On a phone each product is a block of labelled lines (the header row's words
        // come before each value), so no figure runs off the right edge.
        <DataTable
          look="stacked"
          className="mt-3"
          testId="panel-fits"
          caption="Products that fit, best rate first"
          captionShown="label"
          columns={[
            ...panelColumns(declinedBy),
            ...(starting
              ? [
                  {
                    header: "Case",
                    className: "max-sm:before:content-none",
                    cell: (f: Fit) => (
                      <StartCaseForm
                        productId={f.productId}
                        name={`${f.lender}, ${f.productName}`}
                        caseVersion={leadCase?.version ?? 0}
                        busy={busy}
                      />
                    ),
                  },
                ]
              : []),
          ]}
          rows={panel.fits}
          rowKey={(f) => f.productId}
          alignTop
        />
      )}
      {panel.misses.length > 0 && (
        <details className="mt-4" data-testid="panel-misses">
          <summary className={cn("cursor-pointer", textLinkClass)}>
            Products that do not fit ({panel.misses.length})
          </summary>
          <ul className="mt-2 space-y-2">
            {panel.misses.map((m) => (
              <li key={m.productId}>
                <strong>
                  {m.lender}, {m.productName}
                </strong>
                : {m.reason}.
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
