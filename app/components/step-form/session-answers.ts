// A step form's answers in sessionStorage, so a reload (or a detour to a partner page
// and back) keeps them for this tab, and they go when the tab closes or the form is sent.

/** The idempotency key of one completed form, and the answers it was made for. */
export interface Submission {
  key: string;
  /** The payload it was made for: changed answers get a new key. */
  fingerprint: string;
}

export interface StoredForm<A> {
  answers: A;
  submission?: Submission;
}

const VERSION = 1;

/**
 * Answers saved under `key`, checked field by field against the empty form: anything
 * of the wrong kind (an old version, a hand-edited value) is dropped, not trusted.
 * `amountFields` hold whole pounds; other fields that start out empty hold a choice.
 */
export function readStoredForm<A extends object>(
  key: string,
  empty: Readonly<A>,
  amountFields: readonly string[] = [],
): StoredForm<A> | null {
  let parsed: unknown;
  try {
    const text = window.sessionStorage.getItem(key);
    if (!text) return null;
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.v !== VERSION || !isRecord(parsed.answers)) return null;
  const answers: Record<string, unknown> = { ...empty };
  for (const [field, blank] of Object.entries(empty)) {
    const value = parsed.answers[field];
    if (value === undefined || value === null) continue;
    if (amountFields.includes(field)) {
      if (typeof value === "number" && Number.isFinite(value)) answers[field] = value;
    } else if (blank === undefined) {
      if (typeof value === "string") answers[field] = value;
    } else if (typeof value === typeof blank) {
      answers[field] = value;
    }
  }
  const submission =
    isRecord(parsed.submission) &&
    typeof parsed.submission.key === "string" &&
    typeof parsed.submission.fingerprint === "string"
      ? { key: parsed.submission.key, fingerprint: parsed.submission.fingerprint }
      : undefined;
  return { answers: answers as A, ...(submission ? { submission } : {}) };
}

export function writeStoredForm<A>(key: string, form: StoredForm<A>) {
  try {
    window.sessionStorage.setItem(key, JSON.stringify({ v: VERSION, ...form }));
  } catch {
    // Storage full or refused (some private modes): the form still works, only without reload safety.
  }
}

export function removeStoredForm(key: string) {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // As above.
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
