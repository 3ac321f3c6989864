import { Form } from "react-router";
import { Button } from "~/components/ui/button";

// The console's Undo (DECISIONS D31): a plain form, so it works before script, that posts
// what the undo needs (its intent, the version it was offered at, what it takes back); the
// server refuses it as stale once anything else has been done. Its name says what it undoes.

export function UndoForm({
  fields,
  label,
  busy,
}: {
  /** The hidden fields the undo posts, its `intent` among them. */
  fields: Record<string, string | number>;
  /** What pressing it does, as a screen reader hears the button. */
  label: string;
  busy: boolean;
}) {
  return (
    <Form method="post" className="mt-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="secondary" size="sm" disabled={busy} aria-label={label}>
        Undo
      </Button>
    </Form>
  );
}
