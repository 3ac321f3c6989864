import { randomUUID } from "node:crypto";
import type { Role } from "../../app/domain/permissions";
import type { Database } from "../../server/platform/db/client";
import { staffMembers, staffSessions } from "../../server/platform/db/schema";
import { encryptSecret, newToken, newTotpSecret } from "../../server/staff/credentials";
import { STAFF_IDLE_SECONDS } from "../../server/staff/session-limits";

// Enrolled staff members with the roles a test names, and a live session each, written
// straight into the database (the door itself is staff-accounts.test.ts's): for tests
// that drive console routes in-process with a real session, so the guard reads roles
// and the step-up's freshness as it does for a person.

export interface MemberWithSession {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  /** The authenticator's secret (as the app holds it), for its codes. */
  secret: string;
  /** The session cookie's value (`staff_session=…` outside production). */
  cookie: string;
  tokenHash: string;
}

/**
 * A member holding `roles`, enrolled, signed in: the session's last code was entered
 * `codeAgeMs` before `now` (null: none in this session).
 */
export async function memberWithSession(
  db: Database,
  authSecret: string,
  roles: Role[],
  { now = Date.now(), codeAgeMs = 0 as number | null, name = "" } = {},
): Promise<MemberWithSession> {
  const id = randomUUID();
  const label = name || `${roles.join(" ") || "no role"} ${id.slice(0, 8)}`;
  const email = `${id.slice(0, 8)}@firm.example`;
  const secret = newTotpSecret();
  await db.insert(staffMembers).values({
    id,
    email,
    name: label,
    roles,
    totpSecret: await encryptSecret(authSecret, secret),
    enrolledAt: new Date(now - 86_400_000),
  });
  const session = newToken();
  await db.insert(staffSessions).values({
    tokenHash: session.hash,
    staffId: id,
    createdAt: new Date(now),
    expiresAt: new Date(now + STAFF_IDLE_SECONDS * 1000),
    codeAt: codeAgeMs === null ? null : new Date(now - codeAgeMs),
  });
  return { id, name: label, email, roles, secret, cookie: `staff_session=${session.token}`, tokenHash: session.hash };
}
