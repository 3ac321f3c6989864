import type { StepProps } from "./step-form";

/** A MoneyField's answer: whole pounds, touched when the field is left. */
export interface MoneyBinding {
  id: string;
  name: string;
  error: string | undefined;
  value: number | undefined;
  onChange(value: number | undefined): void;
  onBlur(): void;
}

/** A RadioCards answer: one of its options. */
export interface ChoiceBinding<Value extends string> {
  id: string;
  name: string;
  error: string | undefined;
  value: Value | undefined;
  onChange(value: Value): void;
}

/** What `bindFields` gives, for questions shared between forms that name the same answers. */
export interface FieldBinder<Field extends string> {
  money: (field: Field) => MoneyBinding;
  choice: <Value extends string>(field: Field) => ChoiceBinding<Value>;
}

/**
 * The props that tie a control to one answer of a step form: its id and name, its value,
 * how a change is kept, when it counts as touched and the message it shows. Each step
 * then writes only what the question says (`<MoneyField {...bind.money("monthlyIncome")}
 * label="…" />`), and both step forms bind their fields the same way.
 */
export function bindFields<Answers, Field extends string & keyof Answers>(
  { answers, update, touch, errorFor }: StepProps<Answers, Field>,
  fieldId: (field: Field) => string,
) {
  const common = (field: Field) => ({ id: fieldId(field), name: field, error: errorFor(field) });
  return {
    money: (field: Field): MoneyBinding => ({
      ...common(field),
      value: answers[field] as number | undefined,
      onChange: (value: number | undefined) => update({ [field]: value } as Partial<Answers>),
      onBlur: () => touch(field),
    }),
    choice: <Value extends string>(field: Field): ChoiceBinding<Value> => ({
      ...common(field),
      value: answers[field] as Value | undefined,
      onChange: (value: Value) => update({ [field]: value } as Partial<Answers>),
    }),
  };
}
