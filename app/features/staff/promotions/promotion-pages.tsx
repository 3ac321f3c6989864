import type { ReactNode } from "react";
import { Form } from "react-router";
import { ChangedFigure, Figure } from "~/components/console/changed-figure";
import { CheckStep, type CheckStepView } from "~/components/console/check-step";
import { DataTable } from "~/components/console/data-table";
import { TextLink } from "~/components/console/text-link";
import { buttonVariants } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldError, SelectField, TextField } from "~/components/ui/field";
import { formatPercent, formatPounds, formatTerm } from "~/domain/finance";
import {
  changesByField,
  exampleRateText,
  type FigureChange,
  type PageChange,
  type PromotionWarning,
  WARNINGS_SEEN_FIELD,
} from "~/domain/promotion-changes";
import {
  CLAIM_FIELDS,
  EXAMPLE_KEYS,
  EXAMPLE_LABELS,
  exampleField,
  PROMOTION_STATUS_LABELS,
  type PromotionErrors,
  type PromotionFigures,
  type PromotionUse,
  rateTableField,
  ratesFrom,
  REPLACES_LIVE_FIELD,
  type VersionSummary,
  versionName,
} from "~/domain/promotions";
import { RATED_CREDIT_HISTORIES, type RatedCreditHistory, type RateTableBand } from "~/domain/rates";
import { formatWhen } from "../format";
import { PromotionForm, type PromotionFormValues } from "./promotion-form";

// The console's promotion pages (DECISIONS D27): the live figures and the versions waiting,
// the draft form, one version with its approval, and the record.

const h2Class = "text-xl font-bold text-slate-900";

const RATE_HEADERS: Record<RatedCreditHistory, string> = {
  excellent: "Excellent",
  good: "Good",
  unsure: "Unsure",
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const USE_WORDS: Record<PromotionUse, string> = {
  example: "its representative example",
  "rate-table": "the rate it quotes",
  "rates-from": "its “rates from”",
  claims: "its claims",
};

/** Each page a change touches, with only its figures that differ: old struck, new beside it. */
export function TouchedPages({ pages, headingId }: { pages: readonly PageChange[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className={h2Class}>
        Pages this change touches
      </h2>
      {pages.length === 0 ? (
        <p className="mt-2">No page changes: these are the figures live now.</p>
      ) : (
        <>
          <p className="mt-1 max-w-3xl text-slate-700">
            Each page with only the figures it prints that change: the old one struck through, the new one beside it,
            highlighted.
          </p>
          <DataTable
            look="list"
            className="mt-3"
            rows={pages}
            rowKey={(page) => page.path}
            rowTestId="touched-page"
            alignTop
            columns={[
              {
                header: "Page",
                rowHeader: true,
                className: "font-semibold",
                cell: (page) => (
                  <>
                    {page.title}
                    <span className="block font-normal text-slate-600">{page.path}</span>
                  </>
                ),
              },
              {
                header: "What changes",
                cell: (page) => capital(page.changed.map((use) => USE_WORDS[use]).join(", ")),
              },
              {
                header: "Figures that differ",
                cell: (page) => (
                  <ul className="space-y-1">
                    {page.differences.map((d) => (
                      <li key={d.label}>
                        {d.label}: <ChangedFigure before={d.before} after={d.after} />
                      </li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
        </>
      )}
    </section>
  );
}

/** When a version was or will be live, in words. */
function lifeOf(version: VersionSummary): string {
  if (version.status === "live" && version.liveFrom) return `Live since ${formatWhen(version.liveFrom)}`;
  if (version.status === "superseded" && version.liveFrom && version.liveUntil)
    return `Live ${formatWhen(version.liveFrom)} to ${formatWhen(version.liveUntil)}`;
  if (version.status === "approved")
    return version.publishAt ? `Goes live ${formatWhen(version.publishAt)}` : "Goes live within seconds";
  if (version.status === "draft")
    return version.publishAt ? `Asks to go live ${formatWhen(version.publishAt)}` : "Goes live on approval";
  return PROMOTION_STATUS_LABELS[version.status];
}

function VersionTable({ versions }: { versions: readonly VersionSummary[] }) {
  return (
    <DataTable
      look="list"
      className="mt-3"
      rows={versions}
      rowKey={(version) => String(version.id)}
      alignTop
      columns={[
        {
          header: "Version",
          cell: (version) => <TextLink to={`/staff/promotions/${version.id}`}>Version {version.id}</TextLink>,
        },
        {
          header: "Status",
          cell: (version) => PROMOTION_STATUS_LABELS[version.status],
        },
        { header: "For", cell: (version) => version.summary || "—" },
        { header: "Drafted by", cell: (version) => version.draftedByName },
        {
          header: "Approved or sent back by",
          cell: (version) => version.approvedByName ?? "—",
        },
        { header: "When live", cell: lifeOf },
      ]}
    />
  );
}

/** The figures of a version, read only; each that differs from what it is compared with marked where it prints. */
export function FiguresTable({
  figures,
  changes = [],
  ratesFromBefore = null,
}: {
  figures: PromotionFigures;
  changes?: readonly FigureChange[];
  /** "Rates from" before, when it changes. */
  ratesFromBefore?: number | null;
}) {
  const byField = changesByField(changes);
  const at = (field: string, text: string) => <Figure text={text} change={byField[field]} />;
  const bands = figures.rateTable.map((band, i) => ({ band, i }));
  // Bands taken out: the first figure (the LTV) of each band past the table's end, with nothing after.
  const takenOut = changes.filter((c) => c.after === null && c.part === "rate-table" && c.field.endsWith(".maxLtv"));
  const from = ratesFrom(figures);
  const { lenderPanel, rating } = figures.claims;
  return (
    <div className="mt-3 space-y-4">
      <DataTable
        look="list"
        caption={
          <>
            Rate table (rates from{" "}
            {ratesFromBefore === null || ratesFromBefore === from ? (
              formatPercent(from)
            ) : (
              <ChangedFigure before={formatPercent(ratesFromBefore)} after={formatPercent(from)} />
            )}
            )
          </>
        }
        captionShown="label"
        rows={bands}
        rowKey={({ i }) => String(i)}
        rowTestId="rate-band"
        alignTop
        columns={[
          { header: "Up to LTV", cell: ({ band, i }) => at(rateTableField(i, "maxLtv"), formatPercent(band.maxLtv)) },
          {
            header: "Largest loan",
            cell: ({ band, i }) => at(rateTableField(i, "maxLoan"), formatPounds(band.maxLoan)),
          },
          ...RATED_CREDIT_HISTORIES.map((h) => ({
            header: RATE_HEADERS[h],
            cell: ({ band, i }: { band: RateTableBand; i: number }) =>
              at(rateTableField(i, h), formatPercent(band.rates[h])),
          })),
        ]}
      />
      {takenOut.length > 0 && (
        <p className="text-sm">
          Bands taken out:{" "}
          {takenOut.map((c, n) => (
            <span key={c.field}>
              {n > 0 && ", "}
              <ChangedFigure before={`up to ${c.before}`} after={null} />
            </span>
          ))}
        </p>
      )}
      <ul className="list-disc space-y-1 pl-6 text-sm">
        {EXAMPLE_KEYS.map((key) => {
          const example = figures.examples[key];
          return (
            <li key={key}>
              {EXAMPLE_LABELS[key]}: {at(exampleField(key, "amount"), formatPounds(example.amount))} over{" "}
              {at(exampleField(key, "months"), formatTerm(example.months))} at{" "}
              {at(exampleField(key, "ratePercent"), exampleRateText(example))}, fees{" "}
              {at(exampleField(key, "fees"), formatPounds(example.fees))}
            </li>
          );
        })}
        <li>
          Panel size:{" "}
          {lenderPanel || byField[CLAIM_FIELDS.panelSize] ? (
            <>
              {at(CLAIM_FIELDS.panelSize, lenderPanel?.size ?? "")} (source:{" "}
              {at(CLAIM_FIELDS.panelSource, lenderPanel?.source ?? "")})
            </>
          ) : (
            "no claim"
          )}
        </li>
        <li>
          Review rating:{" "}
          {rating || byField[CLAIM_FIELDS.ratingScore] ? (
            <>
              {at(CLAIM_FIELDS.ratingScore, rating ? `${rating.score} out of 5` : "")} from{" "}
              {at(CLAIM_FIELDS.ratingCount, rating ? rating.count.toLocaleString("en-GB") : "")} reviews on{" "}
              {at(CLAIM_FIELDS.ratingSite, rating?.site ?? "")} ({at(CLAIM_FIELDS.ratingDate, rating?.date ?? "")}),{" "}
              {at(CLAIM_FIELDS.ratingUrl, rating?.url ?? "")}
            </>
          ) : (
            "no claim"
          )}
        </li>
      </ul>
    </div>
  );
}

export interface PromotionsPageProps {
  live: VersionSummary | null;
  waiting: VersionSummary[];
  recent: VersionSummary[];
  canDraft: boolean;
  values: PromotionFormValues;
  errors: PromotionErrors;
  touched: PageChange[] | null;
  /** What the draft previewed would warn its approver of. */
  warnings?: PromotionWarning[];
  refused: boolean;
  notice: string | null;
}

export function PromotionsPage({
  live,
  waiting,
  recent,
  canDraft,
  values,
  errors,
  touched,
  warnings = [],
  refused,
  notice,
}: PromotionsPageProps) {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Rates, examples and claims</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        The figures every loan page, calculator and check prints. A change is drafted by one member and approved by
        another; the pages then show it within seconds. Every version is kept, with what each page said.{" "}
        <TextLink to="/staff/promotions/history">See a page as it was on a given day</TextLink>.
      </p>
      {notice && (
        <p role="status" className="mt-4 rounded-md border border-green-700 bg-green-50 p-3 font-semibold">
          {notice}
        </p>
      )}
      <p className="mt-4" data-testid="live-version">
        {live ? (
          <>
            <strong>Live:</strong> <TextLink to={`/staff/promotions/${live.id}`}>version {live.id}</TextLink>,{" "}
            {lifeOf(live).toLowerCase()}, drafted by {live.draftedByName}, approved by {live.approvedByName}.
          </>
        ) : (
          <>
            <strong>Live:</strong> the figures the site was built with; no version has been approved yet.
          </>
        )}
      </p>

      <section aria-labelledby="waiting-heading" className="mt-8">
        <h2 id="waiting-heading" className={h2Class}>
          Waiting
        </h2>
        {waiting.length === 0 ? <p className="mt-2">No change is waiting.</p> : <VersionTable versions={waiting} />}
      </section>

      {canDraft && (
        <section aria-labelledby="draft-heading" className="mt-8">
          <h2 id="draft-heading" className={h2Class}>
            Draft a change
          </h2>
          <p className="mt-1 max-w-3xl text-slate-700">The form starts from the figures live now.</p>
          {touched && (
            <>
              <Warnings warnings={warnings} headingId="preview-warnings-heading" forDrafter />
              <TouchedPages pages={touched} headingId="preview-heading" />
            </>
          )}
          <PromotionForm values={values} errors={errors} refused={refused} />
        </section>
      )}

      <section aria-labelledby="recent-heading" className="mt-8">
        <h2 id="recent-heading" className={h2Class}>
          Every version
        </h2>
        {recent.length === 0 ? <p className="mt-2">None yet.</p> : <VersionTable versions={recent} />}
      </section>
    </>
  );
}

export interface VersionPageProps {
  version: VersionSummary;
  figures: PromotionFigures;
  touched: PageChange[];
  /** Each figure that differs from what it is compared with. */
  changes: FigureChange[];
  /** "Rates from" of what it is compared with. */
  ratesFromBefore: number;
  /** What its approver must acknowledge (a version still to be decided); the tick box's value, and its reason when refused. */
  warnings: PromotionWarning[];
  warningsSeen: { tick: string; error: string | null } | null;
  /** The check step before approving, once asked. */
  check: CheckStepView | null;
  basedOn: number | null;
  /** What the pages it touches are compared with: the live version (`live`), or the one it was drafted on. */
  comparedWith: { versionId: number | null; live: boolean };
  /** A draft drafted on figures no longer live: the tick box's value, and its reason when refused. */
  stale: {
    draftedOn: number | null;
    live: number | null;
    tick: string;
    error: string | null;
  } | null;
  /** Approved to go live at its time, then held back: other figures went live after its approval (decision 512). */
  held: { plannedFor: Date | null; live: number | null } | null;
  /** What this member may do with it, and why not when they may not. */
  decision: { may: true } | { may: false; reason: string | null };
  error: string | null;
}

const REPLACES_LIVE_ID = "promotion-replacesLive";

/** A draft drafted on figures that are no longer live: what approving it undoes, and what to do. */
const WARNINGS_SEEN_ID = "promotion-warningsSeen";

/** What a version would make the site say that the approver must see first: each warning in words. */
function Warnings({
  warnings,
  headingId,
  forDrafter = false,
}: {
  warnings: readonly PromotionWarning[];
  headingId: string;
  forDrafter?: boolean;
}) {
  if (warnings.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-lg border-4 border-amber-600 bg-amber-50 p-4"
      data-testid="promotion-warnings"
    >
      <h2 id={headingId} className="text-lg font-bold text-amber-950">
        {warnings.length === 1 ? "A warning" : `${warnings.length} warnings`}{" "}
        {forDrafter ? "its approver will be asked to acknowledge" : "to read before approving"}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {warnings.map((w) => (
          <li key={w.key}>{w.message}</li>
        ))}
      </ul>
    </section>
  );
}

function StaleBaseWarning({ stale }: { stale: NonNullable<VersionPageProps["stale"]> }) {
  const live = versionName(stale.live);
  return (
    <section
      aria-labelledby="stale-heading"
      className="mt-6 rounded-lg border-4 border-amber-600 bg-amber-50 p-4"
      data-testid="stale-base"
    >
      <h2 id="stale-heading" className="text-lg font-bold text-amber-950">
        Drafted on {versionName(stale.draftedOn)}: {live} has gone live since
      </h2>
      <p className="mt-2 max-w-3xl">
        Approving it replaces {live}, and undoes whatever of {live} this version does not carry. The pages below compare
        it with {live}, live now. Send it back to be drafted again from the live figures, or confirm below that it
        replaces {live}.
      </p>
    </section>
  );
}

export function VersionPage({
  version,
  figures,
  touched,
  changes,
  ratesFromBefore,
  warnings,
  warningsSeen,
  check,
  basedOn,
  comparedWith,
  stale,
  held,
  decision,
  error,
}: VersionPageProps) {
  return (
    <>
      <p>
        <TextLink to="/staff/promotions">All versions</TextLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Version {version.id}</h1>
      <dl className="mt-4 grid gap-x-6 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-2">
        <Pair term="Status">{PROMOTION_STATUS_LABELS[version.status]}</Pair>
        <Pair term="For">{version.summary || "—"}</Pair>
        <Pair term="Drafted by">
          {version.draftedByName}, {formatWhen(version.createdAt)}
        </Pair>
        <Pair term={version.status === "rejected" ? "Sent back by" : "Approved by"}>
          {version.approvedByName
            ? `${version.approvedByName}${version.decidedAt ? `, ${formatWhen(version.decidedAt)}` : ""}`
            : "Not yet"}
        </Pair>
        {version.rejectionReason && <Pair term="Why it was sent back">{version.rejectionReason}</Pair>}
        {held && (
          <Pair term="Held back">
            Approved to go live {held.plannedFor ? formatWhen(held.plannedFor) : "at once"}, it was not published then:{" "}
            {versionName(held.live)} went live after its approval. Approved again, it goes live at once.
          </Pair>
        )}
        <Pair term="When live">{lifeOf(version)}</Pair>
        <Pair term="Drafted on">{capital(versionName(basedOn))}</Pair>
        <Pair term="Compared with">
          {capital(versionName(comparedWith.versionId))}
          {comparedWith.live ? ", live now" : ", the figures it was drafted on"}
        </Pair>
      </dl>

      {stale && <StaleBaseWarning stale={stale} />}

      <Warnings warnings={warnings} headingId="warnings-heading" />

      <TouchedPages pages={touched} headingId="touched-heading" />

      <section aria-labelledby="figures-heading" className="mt-8">
        <h2 id="figures-heading" className={h2Class}>
          Its figures
        </h2>
        <p className="mt-1 max-w-3xl text-slate-700">
          {changes.length === 0
            ? `No figure differs from ${versionName(comparedWith.versionId)}.`
            : `${changes.length === 1 ? "One figure differs" : `${changes.length} figures differ`} from ${versionName(comparedWith.versionId)}: the old one struck through, the new one beside it, highlighted.`}
        </p>
        <FiguresTable figures={figures} changes={changes} ratesFromBefore={ratesFromBefore} />
      </section>

      {version.status === "draft" && (
        <section aria-labelledby="decide-heading" className="mt-8">
          <h2 id="decide-heading" className={h2Class}>
            Approve or send back
          </h2>
          {error && (
            <p role="alert" className="mt-2 font-semibold text-red-700">
              {error}
            </p>
          )}
          {check && decision.may ? (
            <CheckStep {...check} cancel={`/staff/promotions/${version.id}`} id="approve-check" autoFocus />
          ) : decision.may ? (
            <div className="mt-3 grid gap-6 lg:grid-cols-2">
              <Form method="post">
                <ErrorSummary
                  problems={[
                    ...(warningsSeen?.error ? [{ targetId: WARNINGS_SEEN_ID, message: warningsSeen.error }] : []),
                    ...(stale?.error ? [{ targetId: REPLACES_LIVE_ID, message: stale.error }] : []),
                  ]}
                  autoFocus
                />
                <p className="text-slate-700">
                  Approving publishes it {version.publishAt ? `at ${formatWhen(version.publishAt)}` : "at once"}, on
                  every page it touches.
                </p>
                {stale && (
                  <div className="mt-3">
                    <div className="flex items-start gap-2">
                      <input
                        id={REPLACES_LIVE_ID}
                        name={REPLACES_LIVE_FIELD}
                        type="checkbox"
                        value={stale.tick}
                        aria-invalid={stale.error ? true : undefined}
                        aria-describedby={stale.error ? `${REPLACES_LIVE_ID}-error` : undefined}
                        className="mt-1 size-5 shrink-0"
                      />
                      <label htmlFor={REPLACES_LIVE_ID}>
                        It replaces {versionName(stale.live)}, live now: I have checked what it undoes on the pages
                        above
                      </label>
                    </div>
                    <FieldError id={`${REPLACES_LIVE_ID}-error`} error={stale.error} />
                  </div>
                )}
                {warningsSeen && (
                  <div className="mt-3">
                    <div className="flex items-start gap-2">
                      <input
                        id={WARNINGS_SEEN_ID}
                        name={WARNINGS_SEEN_FIELD}
                        type="checkbox"
                        value={warningsSeen.tick}
                        aria-invalid={warningsSeen.error ? true : undefined}
                        aria-describedby={warningsSeen.error ? `${WARNINGS_SEEN_ID}-error` : undefined}
                        className="mt-1 size-5 shrink-0"
                      />
                      <label htmlFor={WARNINGS_SEEN_ID}>
                        I have read {warnings.length === 1 ? "the warning" : `the ${warnings.length} warnings`} above
                        and approve it as it is
                      </label>
                    </div>
                    <FieldError id={`${WARNINGS_SEEN_ID}-error`} error={warningsSeen.error} />
                  </div>
                )}
                <button type="submit" name="intent" value="approve" className={`${buttonVariants()} mt-3`}>
                  Approve version {version.id}
                </button>
              </Form>
              <Form method="post" className="space-y-3">
                <TextField
                  id="promotion-reason"
                  name="reason"
                  label="Why it goes back"
                  hint="The drafter sees this"
                  maxLength={500}
                  autoComplete="off"
                />
                <button type="submit" name="intent" value="reject" className={buttonVariants({ variant: "outline" })}>
                  Send it back
                </button>
              </Form>
            </div>
          ) : (
            <p className="mt-2">{decision.reason ?? "Only a member of Compliance approves a change."}</p>
          )}
        </section>
      )}
    </>
  );
}

function Pair({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold max-sm:mt-2">{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

export interface HistoryPageProps {
  pages: { path: string; title: string }[];
  values: { page: string; day: string; time: string };
  error: string | null;
  /** The version live at that moment (null: the figures the site was built with), once asked. */
  shown: { at: string; versionId: number | null } | null;
  children?: ReactNode;
}

/** /staff/promotions/history: which page, at which moment; then that page as it was, marked as a past copy. */
export function HistoryPage({ pages, values, error, shown, children }: HistoryPageProps) {
  return (
    <>
      <p>
        <TextLink to="/staff/promotions">All versions</TextLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">A page as it was</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Choose a page and a moment: the page is drawn with the figures live then. It is a past copy, for the firm only.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-4">
        <SelectField
          id="history-page"
          name="page"
          label="Page"
          defaultValue={values.page}
          options={Object.fromEntries(pages.map((page) => [page.path, `${page.title} (${page.path})`]))}
        />
        <TextField id="history-day" name="day" type="date" label="Day" defaultValue={values.day} error={error} />
        <TextField id="history-time" name="time" type="time" label="Time (UK)" defaultValue={values.time} />
        <button type="submit" className={buttonVariants({ variant: "secondary" })}>
          Show the page
        </button>
      </Form>
      {shown && (
        <section aria-labelledby="past-copy-heading" className="mt-8">
          <h2 id="past-copy-heading" className="rounded-t-lg bg-amber-100 p-3 text-lg font-bold text-amber-950">
            Past copy: {values.page} as it was at {formatWhen(shown.at)}, with{" "}
            {shown.versionId === null ? "the figures the site was built with" : `version ${shown.versionId}`}. Not what
            the site shows now.
          </h2>
          <div className="rounded-b-lg border-4 border-amber-100" data-testid="past-copy">
            {children}
          </div>
        </section>
      )}
    </>
  );
}
