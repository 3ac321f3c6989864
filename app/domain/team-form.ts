// Adding a member to the team (/staff/team): what the form asks for, read into a new
// member or each problem beside its field, in the page's words.

import { isEmail } from "./email";
import { EMAIL_MAX_LENGTH } from "./field-limits";
import { type FormRead, formRead, formRefused } from "./form-read";
import { ROLES_PROBLEMS, type Role, readRoles } from "./permissions";
import { sanitiseName } from "./sanitise";

export const TEAM_PROBLEMS = {
  name: "Enter the member's full name.",
  email: "Enter a work email address, like ann@yourfirm.co.uk.",
  taken: "A member already has this email address: send them a new link from the list instead.",
  member: "That member is not on the team: reload the page.",
  noRequest: "That change is no longer waiting: reload the page to see the member's roles.",
  ownRequest: "You asked for this change: another administrator must confirm it.",
  ownLink: "You cannot send yourself a new link: ask another administrator.",
  ownDisable: "You cannot disable your own account: ask another administrator.",
  ...ROLES_PROBLEMS,
} as const;

export interface NewMember {
  email: string;
  name: string;
  roles: Role[];
}

/** The add form as typed: the name, the email and the ticked roles. */
export interface NewMemberValues {
  name: string;
  email: string;
  roles: string[];
}

/** A new member as the add form gives them: a full name, a work email (kept lower case) and at least one role. */
export function readNewMember(values: NewMemberValues): FormRead<NewMember, NewMemberValues, keyof NewMemberValues> {
  const name = sanitiseName(values.name);
  const email = values.email.trim().toLowerCase();
  const roles = readRoles(values.roles);
  const problems: Partial<Record<keyof NewMemberValues, string>> = {};
  if (!name) problems.name = TEAM_PROBLEMS.name;
  if (!isEmail(email) || email.length > EMAIL_MAX_LENGTH) problems.email = TEAM_PROBLEMS.email;
  if (!roles.ok) problems.roles = roles.problems.roles;
  if (!roles.ok || Object.keys(problems).length > 0) return formRefused(problems, values);
  return formRead({ name, email, roles: roles.value });
}
