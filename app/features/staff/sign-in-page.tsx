import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AuthenticatorCodeField, TextField } from "~/components/ui/field";
import { Notice, StaffDoorway } from "./staff-frame";

/** Said at sign-in after the step-up ended a session for its wrong codes (docs/decisions/336). */
export const STEP_UP_SIGNED_OUT =
  "You were signed out after too many wrong codes. Sign in again with your password and a new code.";

export interface SignInPageProps {
  from: string;
  notice: "enrolled" | "signed-out" | "codes-signed-out" | null;
  error?: string;
}

/** Staff sign-in: password and the authenticator's code, in one plain form. */
export function StaffSignInPage({ from, notice, error }: SignInPageProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <StaffDoorway title="Staff sign-in">
      {error && <Notice tone="error">{error}</Notice>}
      {!error && notice === "enrolled" && (
        <Notice tone="success">Your password and authenticator app are set. Sign in to start.</Notice>
      )}
      {!error && notice === "signed-out" && <Notice tone="success">You have signed out.</Notice>}
      {!error && notice === "codes-signed-out" && <Notice tone="error">{STEP_UP_SIGNED_OUT}</Notice>}
      <Form method="post" className="space-y-5">
        <input type="hidden" name="from" value={from} />
        <TextField id="email" name="email" type="email" label="Work email" autoComplete="username" required />
        <TextField
          id="password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          required
        />
        <AuthenticatorCodeField />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </Form>
    </StaffDoorway>
  );
}
