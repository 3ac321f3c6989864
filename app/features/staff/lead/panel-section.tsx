import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { formatPercent, formatPounds, formatTerm } from "~/domain/finance";
import { caseMoveProblem } from "~/domain/lead-cases";
import { PRODUCT_KINDS } from "~/domain/lender-products";
import { optionLabel } from "~/domain/options";
import { canStartCase, StartCaseForm } from "../case-section";
import { formatWhen } from "../format";
import { type CaseView, type LeadView, lendersThatDeclined, type PanelView } from "../lead-view";

// The lender panel against the lead's answers (DECISIONS D22, docs/decisions/230).

const sectionClass = "mt-8";
const h2Class = "text-xl font-bold text-slate-900";

const PANEL_COLUMNS = ["Lender", "Product", "Rate", "Monthly payment", "Total payable", "Term"];
/** A cell of the panel's table; on a phone, a line that starts with its column's name. */
const panelCellClass =
  "px-2 py-2 max-sm:block max-sm:px-0 max-sm:py-0.5 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)_':_']";

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
          <Link to="/staff/lenders" className="font-semibold text-brand-700 underline">
            add them to the lender panel
          </Link>
          .
        </p>
      ) : panel.fits.length === 0 ? (
        <p className="mt-3 font-semibold" data-testid="panel-no-match">
          No live product fits these answers: the answer is likely a referral or a no.
        </p>
      ) : (
        // On a phone each product is a block of labelled lines (the header row's words
        // come before each value), so no figure runs off the right edge.
        <table className="mt-3 w-full border-collapse text-left text-sm max-sm:block" data-testid="panel-fits">
          <caption className="text-left font-semibold max-sm:block">Products that fit, best rate first</caption>
          <thead className="max-sm:hidden">
            <tr className="border-b-2 border-slate-400">
              {(starting ? [...PANEL_COLUMNS, "Case"] : PANEL_COLUMNS).map((h) => (
                <th key={h} scope="col" className="px-2 py-2 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {panel.fits.map((f) => (
              <tr key={f.productId} className="border-b border-slate-200 align-top max-sm:block max-sm:py-2">
                <td data-label="Lender" className={cn(panelCellClass, "font-semibold")}>
                  {f.lender}
                  {declinedBy.has(f.lender) && (
                    <span className="block font-normal text-red-800" data-testid="panel-declined">
                      Declined this lead {formatWhen(declinedBy.get(f.lender) as string)}
                    </span>
                  )}
                </td>
                <td data-label="Product" className={panelCellClass}>
                  {f.productName} <span className="text-slate-700">({optionLabel(PRODUCT_KINDS, f.kind)})</span>
                </td>
                <td data-label="Rate" className={cn(panelCellClass, "sm:whitespace-nowrap")}>
                  {formatPercent(f.ratePercent)} fixed
                </td>
                <td data-label="Monthly payment" className={cn(panelCellClass, "sm:whitespace-nowrap")}>
                  {formatPounds(f.monthlyPayment, { pence: true })}
                </td>
                <td data-label="Total payable" className={cn(panelCellClass, "sm:whitespace-nowrap")}>
                  {formatPounds(f.totalPayable, { pence: true })}
                  {f.feePounds > 0 && (
                    <span className="text-slate-700 sm:block">
                      {" "}
                      with the {formatPounds(f.feePounds, { pence: true })} fee
                    </span>
                  )}
                </td>
                <td data-label="Term" className={cn(panelCellClass, "sm:whitespace-nowrap")}>
                  {formatTerm(f.termMonths)}
                </td>
                {starting && (
                  <td className={cn(panelCellClass, "max-sm:before:content-none")}>
                    <StartCaseForm
                      productId={f.productId}
                      name={`${f.lender}, ${f.productName}`}
                      caseVersion={leadCase?.version ?? 0}
                      busy={busy}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {panel.misses.length > 0 && (
        <details className="mt-4" data-testid="panel-misses">
          <summary className="cursor-pointer font-semibold text-brand-700 underline">
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
