import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorSummary, type FieldProblem, focusErrorSummary } from "~/components/ui/error-summary";
import { useHydrated } from "~/components/use-hydrated";
import { type AccountField, type FieldErrors, SIGN_IN_FIELDS, SIGN_UP_FIELDS } from "~/domain/account-forms";
import { MIN_PASSWORD_LENGTH } from "~/domain/passwords";
import { Spinner } from "~/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/components/ui/toaster";
import { FormMessage, PasswordField, TextField } from "./fields";
import {
  BACK_TO_HOMEPAGE,
  CONFIRMATION_LINK_INVALID,
  CREATING_ACCOUNT,
  EMAIL_CONFIRMED,
  FORGOT_PASSWORD,
  ACCOUNT_DELETED,
  PASSWORD_CHANGED,
  SIGN_IN_TAB,
  SEND_CONFIRMATION_AGAIN,
  SIGN_UP_TAB,
  SIGNED_OUT,
  SIGNED_OUT_EVERYWHERE,
  SIGNING_IN,
} from "~/domain/account-messages";
import { authPath, returnPath, safeReturnPath } from "~/domain/return-to";

export type AuthTab = "sign-in" | "sign-up";

export interface AuthActionData {
  intent: AuthTab;
  error?: string;
  success?: string;
  /** After a sign-up: the address the confirming link was sent to. */
  sentTo?: string;
  /** After 'Send the email again': what became of it, or why it was refused. */
  resent?: string;
  resendError?: string;
  /** Every field's problem, in the form's order: the error summary and the fields' messages (DECISIONS D24). */
  errors?: FieldErrors;
}

/** Each field's control on the page, where its summary link lands. */
const FIELD_IDS: Record<"sign-in" | "sign-up", Partial<Record<AccountField, string>>> = {
  "sign-in": { email: "sign-in-email", password: "sign-in-password" },
  "sign-up": {
    firstName: "sign-up-first-name",
    lastName: "sign-up-last-name",
    email: "sign-up-email",
    password: "sign-up-password",
  },
};

/** A refused form's problems as its error summary lists them. */
function summaryProblems(intent: AuthTab, fields: readonly AccountField[], errors: FieldErrors = {}): FieldProblem[] {
  return fields.flatMap((field) => {
    const message = errors[field];
    const targetId = FIELD_IDS[intent][field];
    return message && targetId ? [{ targetId, message }] : [];
  });
}

interface AuthPageProps {
  signedIn: boolean;
  /** The `?from=` page, checked on the server. */
  from: string | null;
  tab: AuthTab;
  actionData?: AuthActionData;
}

/** A message the page was opened with: after confirming an email, or after signing out. */
function useArrivalNotice() {
  const [params] = useSearchParams();
  if (params.get("signedOut")) {
    return {
      tone: "success" as const,
      text: SIGNED_OUT,
      detail: params.get("signedOut") === "everywhere" ? SIGNED_OUT_EVERYWHERE : undefined,
    };
  }
  if (params.get("passwordReset")) return { tone: "success" as const, text: PASSWORD_CHANGED };
  if (params.get("deleted")) return { tone: "success" as const, text: ACCOUNT_DELETED };
  if (params.get("error")) return { tone: "error" as const, text: CONFIRMATION_LINK_INVALID };
  if (params.get("confirmed")) return { tone: "success" as const, text: EMAIL_CONFIRMED };
  return null;
}

/**
 * Sign in and sign up (spec section 2). Both forms post to the route's action, so they
 * work before any script loads; with scripts, React Router submits them in place.
 */
export function AuthPage({ signedIn, from, tab: initialTab, actionData }: AuthPageProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const notice = useArrivalNotice();
  const [tab, setTab] = useState<AuthTab>(actionData?.intent ?? initialTab);
  const hydrated = useHydrated();
  const summaryElement = useRef<HTMLDivElement>(null);

  // Navigation state can name the page to return to; only the browser has it.
  const [stateFrom, setStateFrom] = useState<string | null>(null);
  const locationState = location.state as { from?: unknown } | null;
  useEffect(() => setStateFrom(safeReturnPath(locationState?.from)), [locationState]);
  const returnTo = stateFrom ?? from ?? "";

  // A signed-in visitor does not belong here: back where they came from, replacing /auth.
  useEffect(() => {
    if (signedIn) navigate(returnPath(locationState?.from, from), { replace: true });
  }, [signedIn, locationState, from, navigate]);

  useEffect(() => {
    if (actionData?.error) void toast.error(actionData.error);
    // The confirmation said again after 'Send the email again' is said beside its button, not toasted twice.
    else if (actionData?.success && !actionData.resent && !actionData.resendError)
      void toast.success(actionData.success);
    // A refusal answered in place: its error summary takes the focus (the server's page has autofocus).
    if (actionData?.errors) focusErrorSummary(summaryElement.current);
  }, [actionData]);

  const signedOutToast = notice?.text === SIGNED_OUT ? (notice.detail ?? "") : null;
  useEffect(() => {
    if (signedOutToast !== null) void toast.success(SIGNED_OUT, signedOutToast ? { description: signedOutToast } : {});
  }, [signedOutToast]);

  if (signedIn) return <Spinner label="Checking your account…" className="py-32" />;

  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const signInError = actionData?.intent === "sign-in" ? actionData.error : undefined;
  const signUpError = actionData?.intent === "sign-up" ? actionData.error : undefined;
  const signUpDone = actionData?.intent === "sign-up" && actionData.success;
  const fieldErrors = actionData?.errors ?? {};
  const signInProblems =
    actionData?.intent === "sign-in" ? summaryProblems("sign-in", SIGN_IN_FIELDS, fieldErrors) : [];
  const signUpProblems =
    actionData?.intent === "sign-up" ? summaryProblems("sign-up", SIGN_UP_FIELDS, fieldErrors) : [];
  const fieldError = (intent: AuthTab, field: AccountField) =>
    actionData?.intent === intent ? (fieldErrors[field] ?? null) : null;

  // Before scripts load the tabs are links to the other tab's page; after, Radix switches them in place.
  const keepInPage = (event: MouseEvent) => event.preventDefault();

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <Link
        to="/"
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline hover:text-brand-900"
      >
        <span aria-hidden="true">←</span> {BACK_TO_HOMEPAGE}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Your account</h1>
      <p className="mt-2 text-slate-700">Sign in to see the enquiries you have made with us, or create an account.</p>

      {notice && (
        <div className="mt-6">
          <FormMessage tone={notice.tone}>
            {notice.detail ? `${notice.text}. ${notice.detail}.` : notice.text}
          </FormMessage>
        </div>
      )}

      <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)} className="mt-6">
        <TabsList aria-label="Sign in or sign up">
          {/* Each tab is a link (it works without script); `type={undefined}` drops the
              button type the trigger would give it, which a link may not carry. */}
          <TabsTrigger value="sign-in" asChild>
            <a href={authPath(returnTo)} onClick={keepInPage} type={undefined}>
              {SIGN_IN_TAB}
            </a>
          </TabsTrigger>
          <TabsTrigger value="sign-up" asChild>
            <a href={authPath(returnTo, { tab: "sign-up" })} onClick={keepInPage} type={undefined}>
              {SIGN_UP_TAB}
            </a>
          </TabsTrigger>
        </TabsList>

        <TabsContent value="sign-in">
          <Form method="post" noValidate className="space-y-5" aria-labelledby="sign-in-heading">
            <h2 id="sign-in-heading" className="sr-only">
              {SIGN_IN_TAB}
            </h2>
            <input type="hidden" name="intent" value="sign-in" />
            <input type="hidden" name="from" value={returnTo} />
            <ErrorSummary ref={summaryElement} autoFocus={!hydrated} problems={signInProblems} />
            {signInError && signInProblems.length === 0 && <FormMessage tone="error">{signInError}</FormMessage>}
            <TextField
              id="sign-in-email"
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              error={fieldError("sign-in", "email")}
            />
            <PasswordField
              id="sign-in-password"
              name="password"
              label="Password"
              autoComplete="current-password"
              required
              error={fieldError("sign-in", "password")}
            />
            <Button type="submit" className="w-full" disabled={pendingIntent === "sign-in"}>
              {pendingIntent === "sign-in" ? SIGNING_IN : SIGN_IN_TAB}
            </Button>
            <p className="text-center">
              <Link
                to="/auth/forgot-password"
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline hover:text-brand-900"
              >
                {FORGOT_PASSWORD}
              </Link>
            </p>
          </Form>
        </TabsContent>

        <TabsContent value="sign-up">
          {signUpDone ? (
            <div className="space-y-4">
              <FormMessage tone="success">{actionData.success as string}</FormMessage>
              <p className="text-slate-700" data-testid="sign-up-sent-to">
                We have sent an email with a link to{" "}
                {actionData?.sentTo ? (
                  <strong className="break-all font-semibold text-slate-900">{actionData.sentTo}</strong>
                ) : (
                  "your address"
                )}
                . Open it to confirm your address, then sign in here. The link works for 24 hours.
              </p>
              {actionData?.sentTo ? (
                // Not come? Sent again to the same address (held to the rate limit; decision 462).
                <Form method="post" className="space-y-3" aria-label={SEND_CONFIRMATION_AGAIN}>
                  <input type="hidden" name="intent" value="resend-confirmation" />
                  <input type="hidden" name="email" value={actionData.sentTo} />
                  <input type="hidden" name="from" value={returnTo} />
                  <p className="text-slate-700">Not had it after a few minutes?</p>
                  <Button type="submit" variant="outline" className="w-full">
                    {SEND_CONFIRMATION_AGAIN}
                  </Button>
                  {actionData.resent ? (
                    <p role="status" className="font-semibold text-green-800">
                      {actionData.resent}
                    </p>
                  ) : null}
                  {actionData.resendError ? <FormMessage tone="error">{actionData.resendError}</FormMessage> : null}
                </Form>
              ) : null}
              <Button variant="outline" className="w-full" onClick={() => setTab("sign-in")}>
                {SIGN_IN_TAB}
              </Button>
            </div>
          ) : (
            <Form method="post" noValidate className="space-y-5" aria-labelledby="sign-up-heading">
              <h2 id="sign-up-heading" className="sr-only">
                {SIGN_UP_TAB}
              </h2>
              <input type="hidden" name="intent" value="sign-up" />
              <input type="hidden" name="from" value={returnTo} />
              <ErrorSummary ref={summaryElement} autoFocus={!hydrated} problems={signUpProblems} />
              {signUpError && signUpProblems.length === 0 && <FormMessage tone="error">{signUpError}</FormMessage>}
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  id="sign-up-first-name"
                  name="firstName"
                  label="First name"
                  autoComplete="given-name"
                  required
                  maxLength={255}
                  error={fieldError("sign-up", "firstName")}
                />
                <TextField
                  id="sign-up-last-name"
                  name="lastName"
                  label="Last name"
                  autoComplete="family-name"
                  required
                  maxLength={255}
                  error={fieldError("sign-up", "lastName")}
                />
              </div>
              <TextField
                id="sign-up-email"
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                required
                error={fieldError("sign-up", "email")}
              />
              <PasswordField
                id="sign-up-password"
                name="password"
                label={`Password (at least ${MIN_PASSWORD_LENGTH.borrower} characters)`}
                autoComplete="new-password"
                required
                minLength={MIN_PASSWORD_LENGTH.borrower}
                maxLength={128}
                error={fieldError("sign-up", "password")}
              />
              <Button type="submit" className="w-full" disabled={pendingIntent === "sign-up"}>
                {pendingIntent === "sign-up" ? CREATING_ACCOUNT : "Create Account"}
              </Button>
            </Form>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
