import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AuthenticatorCodeField } from "~/components/ui/field";
import { Notice } from "../staff-frame";

export interface StepUpPageProps {
  from: string;
  error?: string;
}

/**
 * The step-up (DECISIONS D25): the authenticator's code again before an action that
 * harms most if a session is stolen. One plain form; then back where the member was.
 */
export function StepUpPage({ from, error }: StepUpPageProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="max-w-md">
      <h1 className="text-2xl font-bold text-slate-900">Confirm it is you</h1>
      <p className="mt-3">
        Exporting every lead, erasing a person's data and changing the team each ask for a new code from your
        authenticator app. A code counts for 5 minutes, so you will not be asked again for what you do next.
      </p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <input type="hidden" name="from" value={from} />
        <AuthenticatorCodeField autoFocus error={error} />
        {error && <Notice tone="error">{error}</Notice>}
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Checking…" : "Continue"}
        </Button>
      </Form>
    </div>
  );
}
