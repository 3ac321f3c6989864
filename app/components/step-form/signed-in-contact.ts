import { useEffect, useRef } from "react";

/** The contact step's answers, as both forms keep them. */
export interface ContactAnswers {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  consent: boolean;
}

type KnownContact = Pick<ContactAnswers, "firstName" | "lastName" | "email" | "phone">;

const getJson = async <T>(path: string): Promise<T | null> => {
  const response = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  return response.ok ? ((await response.json()) as T | null) : null;
};

/**
 * The signed-in borrower's details, or null when nobody is signed in (or the server
 * cannot say). The session is asked first: it answers 200 for everybody, so a visitor
 * who is not signed in causes no refused request (and no console error).
 */
async function fetchSignedInContact(): Promise<KnownContact | null> {
  try {
    const session = await getJson<{ user?: unknown }>("/api/auth/get-session");
    return session?.user ? await getJson<KnownContact>("/api/account/contact") : null;
  } catch {
    return null;
  }
}

/** Only the answers still empty: what the borrower typed is never overwritten. */
export function prefillPatch(answers: KnownContact, known: KnownContact): Partial<KnownContact> {
  const patch: Partial<KnownContact> = {};
  for (const field of ["firstName", "lastName", "email", "phone"] as const) {
    if (!answers[field].trim() && known[field]) patch[field] = known[field];
  }
  return patch;
}

/**
 * A signed-in borrower finds their name and email (and phone, if their profile has
 * one) already in the contact step, still editable. Asked once, when the step shows.
 */
export function usePrefillSignedInContact(answers: KnownContact, update: (patch: Partial<KnownContact>) => void) {
  const latest = useRef(answers);
  latest.current = answers;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per showing of the step
  useEffect(() => {
    let cancelled = false;
    void fetchSignedInContact().then((known) => {
      if (cancelled || !known) return;
      const patch = prefillPatch(latest.current, known);
      if (Object.keys(patch).length > 0) update(patch);
    });
    return () => {
      cancelled = true;
    };
  }, []);
}
