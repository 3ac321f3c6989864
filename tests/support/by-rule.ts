/**
 * Names each case of a table after the rule it proves, in full (vitest truncates
 * "$rule"): `it.each(byRule([...]))("%s", (_, c) => ...)`.
 */
export const byRule = <T extends { rule: string }>(cases: readonly T[]) => cases.map((c): [string, T] => [c.rule, c]);
