// A report's period as it was typed, when the report refuses it (a day or month that is
// not one): the page shows the form again with what was typed and the message beside
// the field at fault, and no figures (README, "bad input loses nothing").

export type PeriodField = "from" | "to";

export interface RefusedPeriod {
  from: string;
  to: string;
  field: PeriodField;
  message: string;
}

/**
 * What a report's URL typed, and which of its period's fields `message` (one of
 * `problems`, the report's own messages) is about; undefined when the message is about
 * another field (the page refuses that some other way).
 */
export function refusedPeriod(
  params: URLSearchParams,
  message: string,
  problems: Record<PeriodField, string>,
): RefusedPeriod | undefined {
  const field = (["from", "to"] as const).find((name) => problems[name] === message);
  if (!field) return undefined;
  return { from: params.get("from") ?? "", to: params.get("to") ?? "", field, message };
}
