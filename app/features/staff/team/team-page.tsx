import { PageHeader } from "~/components/console/page-header";
import { Form, useLocation, useNavigation } from "react-router";
import { CheckStep, type CheckStepView } from "~/components/console/check-step";
import { Notice } from "~/components/console/notice";
import { TextLink, textLinkClass } from "~/components/console/text-link";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ErrorSummary, type FieldProblem } from "~/components/ui/error-summary";
import { FieldError, TextField } from "~/components/ui/field";
import { ROLE_HINTS, ROLE_LABELS, ROLES, type Role } from "~/domain/permissions";
import { formatWhen } from "../format";
import { HealthStrip, type HealthStripProps } from "../health-strip";

// /staff/team (DECISIONS D25, D32): every member with their roles, whether they have
// enrolled, their last sign-in and whether they are disabled; adding a member (their
// one-time link emailed to their address, never shown here), a new link, roles, disabling
// and enabling; a change of roles waiting for a second administrator, with Confirm and
// Refuse for every administrator but the one who asked. Plain forms, each problem beside
// its field and in the summary (D24); cards, so it fits a phone.

export interface TeamMemberView {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  enrolled: boolean;
  disabled: boolean;
  lastSignInAt: string | null;
  /** A change of roles waiting for a second administrator. */
  request: {
    roles: Role[];
    askedBy: { id: string; name: string };
    askedAt: string;
  } | null;
}

/** What a refused or done form says, and for which form ("add", or a member's id). */
export interface TeamOutcomeView {
  form: string;
  /** Each problem by its field ("name", "email", "roles"), or "form" for the whole form. */
  problems?: Record<string, string>;
  /** What was typed into the add form, to draw it again. */
  values?: { name: string; email: string; roles: string[] };
  /** What was done (a member added, a link sent). */
  notice?: string;
  /** A change that asks first (a new link, disabling, DECISIONS D31): the member's check step. */
  check?: CheckStepView;
}

/** The check step before a new link or disabling, naming the member and what happens to them. */
export function memberCheck(
  intent: "link" | "disable",
  member: { id: string; name: string; email: string },
): CheckStepView {
  const fields: [string, string][] = [
    ["intent", intent],
    ["member", member.id],
  ];
  const whom = [`${member.name}, ${member.email}`];
  if (intent === "link") {
    return {
      title: `Send ${member.name} a new link?`,
      what: "Their password and authenticator stop working at once and their sessions end. A link that works once, for 24 hours, goes to their own address to set up their account again.",
      whom,
      fields,
      confirm: "Send a new link",
    };
  }
  return {
    title: `Disable ${member.name}?`,
    what: "They can no longer sign in, and their sessions end at once. An administrator may enable them again.",
    whom,
    fields,
    confirm: "Disable the member",
  };
}

export interface TeamPageProps {
  members: TeamMemberView[];
  viewerId: string;
  /** Whether a code was entered in the last five minutes (else changes ask for one first). */
  fresh: boolean;
  notice: string | null;
  /** The firm has one enabled administrator: their changes apply without a second's confirmation. */
  soleAdministrator: boolean;
  outcome?: TeamOutcomeView | null;
  /** The firm's health checks (decision 451): administrators see them here. */
  health?: HealthStripProps | null;
}

const h2Class = "text-xl font-bold text-slate-900";

function RoleBoxes({
  idPrefix,
  checked,
  error,
}: {
  idPrefix: string;
  checked: readonly string[];
  error?: string | null;
}) {
  const errorId = `${idPrefix}-roles-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="font-semibold text-slate-900">Roles</legend>
      <FieldError id={errorId} error={error} />
      {ROLES.map((role) => (
        <div key={role} className="flex items-start gap-3">
          <input
            id={`${idPrefix}-role-${role}`}
            type="checkbox"
            name="roles"
            value={role}
            defaultChecked={checked.includes(role)}
            aria-describedby={`${idPrefix}-role-${role}-hint`}
            className="mt-1 h-6 w-6 shrink-0 accent-brand-700"
          />
          <div>
            <label htmlFor={`${idPrefix}-role-${role}`} className="font-semibold">
              {ROLE_LABELS[role]}
            </label>
            <p id={`${idPrefix}-role-${role}-hint`} className="text-sm text-slate-700">
              {ROLE_HINTS[role]}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}

function stateOf(member: TeamMemberView) {
  if (member.disabled) return "Disabled";
  return member.enrolled ? "Enrolled" : "Waiting to enrol";
}

const roleList = (roles: readonly Role[]) => roles.map((r) => ROLE_LABELS[r]).join(", ") || "None";

/** A change of roles waiting for a second administrator: Confirm and Refuse, but not for the one who asked. */
function WaitingChange({
  member,
  request,
  viewerId,
  busy,
}: {
  member: TeamMemberView;
  request: NonNullable<TeamMemberView["request"]>;
  viewerId: string;
  busy: boolean;
}) {
  const mine = request.askedBy.id === viewerId;
  return (
    <div className="mt-3 rounded-md border border-amber-400 bg-amber-50 p-3" data-testid="role-request">
      <p>
        <strong>Waiting for a second administrator:</strong> {mine ? "you" : request.askedBy.name} asked on{" "}
        {formatWhen(request.askedAt)} for the roles <span data-testid="requested-roles">{roleList(request.roles)}</span>
        .
      </p>
      {mine ? (
        <p className="mt-1 text-slate-700">
          Another administrator must confirm it; until then {member.name} keeps the roles above.
        </p>
      ) : (
        <div className="mt-2 flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="member" value={member.id} />
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              Confirm
              <span className="sr-only"> the roles for {member.name}</span>
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="refuse" />
            <input type="hidden" name="member" value={member.id} />
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              Refuse
              <span className="sr-only"> the roles for {member.name}</span>
            </Button>
          </Form>
        </div>
      )}
    </div>
  );
}

function MemberCard({
  member,
  viewerId,
  outcome,
  busy,
}: {
  member: TeamMemberView;
  viewerId: string;
  outcome: TeamOutcomeView | null;
  busy: boolean;
}) {
  const isViewer = member.id === viewerId;
  const mine = outcome?.form === member.id ? outcome : null;
  const location = useLocation();
  // Cancel leaves the page as it is, without the notice of an earlier action.
  const cancel = location.pathname;
  const headingId = `member-${member.id}`;
  return (
    <li
      className="min-w-0 rounded-lg border border-slate-300 p-4"
      data-testid="team-member"
      aria-labelledby={headingId}
    >
      <h3 id={headingId} className="text-lg font-bold text-slate-900 [overflow-wrap:anywhere]">
        {member.name}
        {isViewer ? " (you)" : ""}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">Email</dt>
        <dd className="[overflow-wrap:anywhere]">{member.email}</dd>
        <dt className="font-semibold">Roles</dt>
        <dd data-testid="member-roles">{roleList(member.roles)}</dd>
        <dt className="font-semibold">State</dt>
        <dd data-testid="member-state">{stateOf(member)}</dd>
        <dt className="font-semibold">Last sign-in</dt>
        <dd>{member.lastSignInAt ? formatWhen(member.lastSignInAt) : "Never"}</dd>
      </dl>
      {member.request && <WaitingChange member={member} request={member.request} viewerId={viewerId} busy={busy} />}
      {mine?.problems?.form && (
        <div className="mt-3">
          <Notice tone="error">{mine.problems.form}</Notice>
        </div>
      )}
      <details className="mt-3" open={Boolean(mine?.problems?.roles)}>
        <summary className={cn("cursor-pointer", textLinkClass)}>Change roles</summary>
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="roles" />
          <input type="hidden" name="member" value={member.id} />
          <RoleBoxes
            idPrefix={member.id}
            checked={mine?.problems?.roles ? (mine.values?.roles ?? []) : member.roles}
            error={mine?.problems?.roles}
          />
          <Button type="submit" variant="secondary" size="sm" disabled={busy}>
            Save roles<span className="sr-only"> for {member.name}</span>
          </Button>
        </Form>
      </details>
      {mine?.check ? (
        <CheckStep {...mine.check} id={`check-${member.id}`} cancel={cancel} autoFocus />
      ) : isViewer ? (
        // No member locks themself out in a click: their new link and disabling are another administrator's.
        <p className="mt-3 text-sm text-slate-700" data-testid="own-account">
          Another administrator sends you a new link or disables your account.
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="link" />
            <input type="hidden" name="member" value={member.id} />
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              Send a new link<span className="sr-only"> to {member.name}</span>
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value={member.disabled ? "enable" : "disable"} />
            <input type="hidden" name="member" value={member.id} />
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              {member.disabled ? "Enable" : "Disable"}
              <span className="sr-only"> {member.name}</span>
            </Button>
          </Form>
        </div>
      )}
    </li>
  );
}

export function TeamPage({
  members,
  viewerId,
  fresh,
  notice,
  soleAdministrator,
  outcome = null,
  health = null,
}: TeamPageProps) {
  const busy = useNavigation().state === "submitting";
  const add = outcome?.form === "add" ? outcome : null;
  const problems: FieldProblem[] = ["name", "email", "roles"].flatMap((field) => {
    const message = add?.problems?.[field];
    return message
      ? [
          {
            targetId: field === "roles" ? "add-role-adviser" : `add-${field}`,
            message,
          },
        ]
      : [];
  });
  return (
    <>
      <PageHeader
        title="Team"
        intro={
          <>
            Who may use the console, and what each may do. A member may hold several roles. Every change here is
            recorded in the audit log with your name.
            {fresh
              ? ""
              : " Changes here first ask for a code from your authenticator app, which then counts for 5 minutes."}
          </>
        }
      />
      <p className="mt-2 max-w-3xl text-slate-700" data-testid="second-administrator">
        {soleAdministrator
          ? "The firm has a single administrator, so every change here applies at once, your own roles and any grant of Compliance or Administrator included; the access review marks each of those. Once there is a second administrator, those changes wait for their confirmation."
          : "A member's own roles, and any grant of Compliance or Administrator, wait for a second administrator to confirm them: the administrator who asked cannot."}
      </p>
      <p className="mt-2">
        <TextLink to="/staff/access-review">
          Access review: each member's exports, erasures and changes over 90 days
        </TextLink>
      </p>
      {health && <HealthStrip {...health} />}
      {/* A notice belongs to the last action only: an answer to a post replaces the one in the address. */}
      {notice && !outcome && (
        <div className="mt-4">
          <Notice tone="success">{notice}</Notice>
        </div>
      )}
      {outcome?.notice && (
        <div className="mt-4" data-testid="link-sent">
          <Notice tone="success">{outcome.notice}</Notice>
        </div>
      )}

      <section aria-labelledby="members-heading" className="mt-8">
        <h2 id="members-heading" className={h2Class}>
          Members
        </h2>
        <ul className="mt-3 grid grid-cols-1 gap-4 md:grid-cols-2">
          {members.map((member) => (
            <MemberCard key={member.id} member={member} viewerId={viewerId} outcome={outcome} busy={busy} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="add-heading" className="mt-10 max-w-xl">
        <h2 id="add-heading" className={h2Class}>
          Add a member
        </h2>
        <p className="mt-2 text-slate-700">
          A link is sent to their work email that works once, for 24 hours, to choose a password and set up an
          authenticator app. It is never shown here: only they may open it.
        </p>
        <ErrorSummary problems={problems} autoFocus className="mt-4" />
        {/* Drawn afresh once a member is added, so the form is empty for the next (no double add). */}
        <Form key={add?.notice ?? "add"} method="post" className="mt-4 space-y-5" noValidate>
          <input type="hidden" name="intent" value="add" />
          <TextField
            id="add-name"
            name="name"
            label="Full name"
            autoComplete="off"
            defaultValue={add?.values?.name}
            error={add?.problems?.name}
            required
          />
          <TextField
            id="add-email"
            name="email"
            type="email"
            label="Work email"
            autoComplete="off"
            defaultValue={add?.values?.email}
            error={add?.problems?.email}
            required
          />
          <RoleBoxes idPrefix="add" checked={add?.values?.roles ?? []} error={add?.problems?.roles} />
          <Button type="submit" variant="secondary" disabled={busy}>
            Add member
          </Button>
        </Form>
      </section>
    </>
  );
}
