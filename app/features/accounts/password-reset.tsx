import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { MIN_PASSWORD_LENGTH } from "~/domain/passwords";
import { FormMessage, PasswordField, TextField } from "./fields";
import {
  FORGOT_PASSWORD,
  RESET_LINK_INVALID,
  RESET_LINK_SENT,
  SEND_RESET_LINK,
  SENDING_RESET_LINK,
  SET_NEW_PASSWORD,
  SETTING_NEW_PASSWORD,
  SIGN_IN_TAB,
} from "~/domain/account-messages";

export interface ResetActionData {
  error?: string;
  /** The field the error is about. */
  field?: string;
  sent?: boolean;
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <Link
        to="/auth"
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline hover:text-brand-900"
      >
        <span aria-hidden="true">←</span> {SIGN_IN_TAB}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

/** "Forgot your password?": asks for the email; the answer never says whether it has an account. */
export function ForgotPasswordPage({ actionData }: { actionData?: ResetActionData }) {
  const pending = useNavigation().state !== "idle";
  return (
    <Frame title={FORGOT_PASSWORD}>
      {actionData?.sent ? (
        <div className="mt-6">
          <FormMessage tone="success">{RESET_LINK_SENT}</FormMessage>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            Enter the email address of your account and we will email you a link to set a new password.
          </p>
          <Form method="post" className="mt-6 space-y-5" aria-label={FORGOT_PASSWORD}>
            {actionData?.error && !actionData.field && <FormMessage tone="error">{actionData.error}</FormMessage>}
            <TextField
              id="reset-email"
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              error={actionData?.field === "email" ? actionData.error : null}
            />
            <Button type="submit" className="w-full" disabled={pending}>
              {pending ? SENDING_RESET_LINK : SEND_RESET_LINK}
            </Button>
          </Form>
        </>
      )}
    </Frame>
  );
}

/** The emailed link's page: a new password, sent with the link's one-time token. */
export function ResetPasswordPage({ token, actionData }: { token: string | null; actionData?: ResetActionData }) {
  const pending = useNavigation().state !== "idle";
  if (!token) {
    return (
      <Frame title="Set a new password">
        <div className="mt-6 space-y-4">
          <FormMessage tone="error">{RESET_LINK_INVALID}</FormMessage>
          <p>
            <Link to="/auth/forgot-password" className="font-semibold text-brand-700 underline hover:text-brand-900">
              Ask for a new link
            </Link>
          </p>
        </div>
      </Frame>
    );
  }
  return (
    <Frame title="Set a new password">
      <p className="mt-2 text-slate-700">Choose a new password. Every device signed in to your account will be signed out.</p>
      <Form method="post" className="mt-6 space-y-5" aria-label="Set a new password">
        <input type="hidden" name="token" value={token} />
        {actionData?.error && !actionData.field && (
          <>
            <FormMessage tone="error">{actionData.error}</FormMessage>
            <p>
              <Link to="/auth/forgot-password" className="font-semibold text-brand-700 underline hover:text-brand-900">
                Ask for a new link
              </Link>
            </p>
          </>
        )}
        <PasswordField
          id="reset-password"
          name="password"
          label={`New password (at least ${MIN_PASSWORD_LENGTH.borrower} characters)`}
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH.borrower}
          maxLength={128}
          error={actionData?.field === "password" ? actionData.error : null}
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? SETTING_NEW_PASSWORD : SET_NEW_PASSWORD}
        </Button>
      </Form>
    </Frame>
  );
}
