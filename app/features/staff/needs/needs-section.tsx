import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { controlClass, describedBy, FieldError } from "~/components/ui/field";
import {
  ADJUSTMENT_LABELS,
  ADJUSTMENT_MARKERS,
  ADJUSTMENTS,
  ADVISER_NEEDS_FIELDS,
  type Adjustment,
  NEED_DRIVER_LABELS,
  NEED_DRIVER_NAMES,
  NEED_DRIVERS,
  NEED_SOURCE_LABELS,
  NEED_SOURCES,
  type NeedDriver,
  type NeedSource,
  NEEDS_TEXT_MAX,
  needsMarkers,
} from "~/domain/needs";
import { ROLE_LABELS, rolesHolding } from "~/domain/permissions";
import { formatWhen } from "../format";
import type { Refusal } from "../lead-work-forms";
import { textLinkClass } from "~/components/console/text-link";
import { cn } from "~/components/ui/cn";

// A lead's needs record in the console (DECISIONS D28), shown first on the lead page so
// whoever picks up the lead reads it before the phone number: the markers ("Prefers
// email"), the drivers noticed, what the borrower said, their health details (given with
// consent), what the firm will do, who recorded it, when and from where; and the form to
// record or change it for those who may.

export interface NeedsView {
  drivers: NeedDriver[];
  adjustments: Adjustment[];
  borrowerNote: string | null;
  note: string | null;
  healthDetails: string | null;
  healthConsentAt: string | null;
  source: NeedSource;
  recordedByName: string | null;
  recordedAt: string;
  version: number;
}

export const NEEDS_FORM = "needs";

/** What a member who may not read a needs record is told of one (decision 391): "Needs record: held, shown to advisers and managers". */
export const needsHeldText = () =>
  `Needs record: held, shown to ${rolesHolding("needs.read")
    .map((role) => `${ROLE_LABELS[role].toLowerCase()}s`)
    .join(" and ")}.`;

/** The console's markers as badges: on the lead page, Today and the inbox alike. */
export function NeedsMarkers({ markers, className }: { markers: readonly string[]; className?: string }) {
  if (markers.length === 0) return null;
  return (
    <ul aria-label="Needs" className={`flex flex-wrap gap-1.5 ${className ?? ""}`} data-testid="needs-markers">
      {markers.map((marker) => (
        <li key={marker} className="rounded-full bg-purple-100 px-2.5 py-0.5 text-sm font-semibold text-purple-900">
          {marker}
        </li>
      ))}
    </ul>
  );
}

const termClass = "font-semibold max-sm:mt-2";
const valueClass = "[overflow-wrap:anywhere] whitespace-pre-line";

export function NeedsRecord({ needs }: { needs: NeedsView }) {
  return (
    <dl className="mt-3 grid gap-x-6 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-2" data-testid="needs-record">
      {needs.adjustments.length > 0 && (
        <>
          <dt className={termClass}>Adjustments</dt>
          <dd className={valueClass}>{needs.adjustments.map((a) => ADJUSTMENT_MARKERS[a]).join(", ")}</dd>
        </>
      )}
      {needs.drivers.length > 0 && (
        <>
          <dt className={termClass}>Drivers (FG21/1)</dt>
          <dd className={valueClass}>{needs.drivers.map((d) => NEED_DRIVER_NAMES[d]).join(", ")}</dd>
        </>
      )}
      {needs.borrowerNote && (
        <>
          <dt className={termClass}>The borrower said</dt>
          <dd className={valueClass}>{needs.borrowerNote}</dd>
        </>
      )}
      {needs.healthDetails && (
        <>
          <dt className={termClass}>Health (with consent)</dt>
          <dd className={valueClass} data-testid="needs-health">
            {needs.healthDetails}
            {needs.healthConsentAt && (
              <span className="block text-sm text-slate-700">Consent given {formatWhen(needs.healthConsentAt)}</span>
            )}
          </dd>
        </>
      )}
      {needs.note && (
        <>
          <dt className={termClass}>The firm will</dt>
          <dd className={valueClass}>{needs.note}</dd>
        </>
      )}
      <dt className={termClass}>Source</dt>
      <dd className={valueClass}>{NEED_SOURCE_LABELS[needs.source]}</dd>
      <dt className={termClass}>Recorded</dt>
      <dd className={valueClass}>
        {formatWhen(needs.recordedAt)} by {needs.recordedByName ?? "the borrower"}
      </dd>
    </dl>
  );
}

function NeedsForm({ needs, refusal, busy }: { needs: NeedsView | null; refusal: Refusal | null; busy: boolean }) {
  const f = ADVISER_NEEDS_FIELDS;
  const mine = refusal?.form === NEEDS_FORM ? refusal : null;
  const problem = (name: string) => mine?.problems?.[name] ?? null;
  const posted = (name: string) => mine?.values?.[name];
  const ticked = (name: string, value: string, stored: readonly string[]) => {
    const typed = posted(name);
    return typed === undefined ? stored.includes(value) : typed.split(",").includes(value);
  };
  return (
    <Form method="post" className="mt-3 space-y-4" data-testid="needs-form">
      <input type="hidden" name="intent" value={NEEDS_FORM} />
      <input type="hidden" name="needsVersion" value={needs?.version ?? 0} />
      <fieldset aria-describedby={problem(f.drivers) ? "needs-drivers-error" : undefined}>
        <legend className="font-semibold">Drivers of vulnerability noticed</legend>
        <FieldError id="needs-drivers-error" error={problem(f.drivers)} />
        <div className="mt-1 space-y-1.5">
          {NEED_DRIVERS.map((driver) => (
            <div key={driver} className="flex items-start gap-2">
              <input
                id={`needs-driver-${driver}`}
                name={f.drivers}
                type="checkbox"
                value={driver}
                defaultChecked={ticked(f.drivers, driver, needs?.drivers ?? [])}
                className="mt-1 size-5 shrink-0"
              />
              <label htmlFor={`needs-driver-${driver}`}>{NEED_DRIVER_LABELS[driver]}</label>
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset aria-describedby={problem(f.adjustments) ? "needs-adjustments-error" : undefined}>
        <legend className="font-semibold">What the firm will do differently</legend>
        <FieldError id="needs-adjustments-error" error={problem(f.adjustments)} />
        <div className="mt-1 space-y-1.5">
          {ADJUSTMENTS.map((adjustment) => (
            <div key={adjustment} className="flex items-start gap-2">
              <input
                id={`needs-adjustment-${adjustment}`}
                name={f.adjustments}
                type="checkbox"
                value={adjustment}
                defaultChecked={ticked(f.adjustments, adjustment, needs?.adjustments ?? [])}
                className="mt-1 size-5 shrink-0"
              />
              <label htmlFor={`needs-adjustment-${adjustment}`}>
                {ADJUSTMENT_MARKERS[adjustment]}{" "}
                <span className="text-slate-700">({ADJUSTMENT_LABELS[adjustment].toLowerCase()})</span>
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="needs-note" className="block font-semibold">
          Anything else the firm will do
        </label>
        <textarea
          id="needs-note"
          name={f.note}
          rows={3}
          maxLength={NEEDS_TEXT_MAX}
          defaultValue={posted(f.note) ?? needs?.note ?? ""}
          aria-invalid={problem(f.note) ? true : undefined}
          aria-describedby={describedBy("needs-note", null, problem(f.note))}
          className={`${controlClass} mt-1.5`}
        />
        <FieldError id="needs-note-error" error={problem(f.note)} />
      </div>
      <div>
        <label htmlFor="needs-source" className="block font-semibold">
          Where this came from
        </label>
        <select
          id="needs-source"
          name={f.source}
          defaultValue={posted(f.source) ?? (needs?.source === "borrower" ? "call" : (needs?.source ?? "call"))}
          aria-invalid={problem(f.source) ? true : undefined}
          aria-describedby={describedBy("needs-source", null, problem(f.source))}
          className={`${controlClass} mt-1.5`}
        >
          {NEED_SOURCES.filter((s) => s !== "borrower").map((s) => (
            <option key={s} value={s}>
              {NEED_SOURCE_LABELS[s]}
            </option>
          ))}
        </select>
        <FieldError id="needs-source-error" error={problem(f.source)} />
      </div>
      <p className="text-sm text-slate-700">
        Health details are kept only when the borrower gives them with their consent, online. Do not write them here.
      </p>
      <Button type="submit" variant="secondary" size="sm" disabled={busy}>
        {needs ? "Save the needs record" : "Record needs"}
      </Button>
    </Form>
  );
}

export function NeedsSection({
  needs,
  record,
  refusal,
  busy,
}: {
  needs: NeedsView | null;
  /** The member may record or change it. */
  record: boolean;
  refusal: Refusal | null;
  busy: boolean;
}) {
  const refused = refusal?.form === NEEDS_FORM;
  return (
    <section
      aria-labelledby="needs-heading"
      className={`mt-4 rounded-lg border-2 p-4 ${needs ? "border-purple-700 bg-purple-50" : "border-slate-300"}`}
      data-testid="needs-section"
    >
      <h2 id="needs-heading" className="text-xl font-bold text-slate-900">
        Needs and adjustments
      </h2>
      {needs ? (
        <>
          <NeedsMarkers markers={needsMarkers(needs)} className="mt-2" />
          <NeedsRecord needs={needs} />
        </>
      ) : (
        <p className="mt-2 text-slate-800">No needs recorded.</p>
      )}
      {record && (
        <details className="mt-3" open={refused}>
          <summary className={cn("cursor-pointer", textLinkClass)}>
            {needs ? "Change the needs record" : "Record needs"}
          </summary>
          <NeedsForm needs={needs} refusal={refusal} busy={busy} />
        </details>
      )}
    </section>
  );
}
