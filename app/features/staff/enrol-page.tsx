import { Form, useNavigation } from "react-router";
import { Notice } from "~/components/console/notice";
import { TextLink } from "~/components/console/text-link";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextField } from "~/components/ui/field";
import { MIN_PASSWORD_LENGTH } from "~/domain/passwords";
import { StaffDoorway } from "./staff-frame";

export interface AuthenticatorSetupView {
  uri: string;
  key: string;
  /** The otpauth URI as an SVG QR code, drawn on the server. */
  qrSvg: string;
}

export type EnrolPageProps =
  | { state: "invalid" }
  | {
      state: "password";
      token: string;
      name: string;
      /** A refused password: the field it is about and why, shown beside it (D24). */
      problem?: { field: "password" | "confirm"; message: string };
    }
  | {
      state: "authenticator";
      token: string;
      name: string;
      setup: AuthenticatorSetupView;
      error?: string;
    };

/** The one-time link's page: a password, then an authenticator app proven by its first code. */
export function EnrolPage(props: EnrolPageProps) {
  const busy = useNavigation().state === "submitting";
  if (props.state === "invalid") {
    return (
      <StaffDoorway title="This link has expired">
        <p>
          Enrolment links work once, for 24 hours. Ask whoever manages staff accounts for a new one, or{" "}
          <TextLink to="/staff/sign-in">sign in</TextLink> if you have already enrolled.
        </p>
      </StaffDoorway>
    );
  }
  if (props.state === "password") {
    return (
      <StaffDoorway title="Set up your staff account">
        <p>
          Welcome, {props.name}. First choose a password of at least {MIN_PASSWORD_LENGTH.staff} characters.
        </p>
        {props.problem && (
          <ErrorSummary problems={[{ targetId: props.problem.field, message: props.problem.message }]} autoFocus />
        )}
        <Form method="post" className="space-y-5">
          <input type="hidden" name="token" value={props.token} />
          <input type="hidden" name="intent" value="password" />
          <TextField
            id="password"
            name="password"
            type="password"
            label="New password"
            hint="Three or four words that have nothing to do with you or the firm are easy to remember and hard to guess."
            error={props.problem?.field === "password" ? props.problem.message : null}
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH.staff}
            required
          />
          <TextField
            id="confirm"
            name="confirm"
            type="password"
            label="The same password again"
            error={props.problem?.field === "confirm" ? props.problem.message : null}
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH.staff}
            required
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            Continue
          </Button>
        </Form>
      </StaffDoorway>
    );
  }
  return (
    <StaffDoorway title="Add your authenticator app">
      <p>
        Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and the
        like), then type the six digits it shows.
      </p>
      {props.error && <Notice tone="error">{props.error}</Notice>}
      <figure>
        <div
          role="img"
          aria-label="QR code for your authenticator app"
          className="w-56 rounded border border-slate-300 bg-white p-2"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG drawn on our server from our own otpauth URI
          dangerouslySetInnerHTML={{ __html: props.setup.qrSvg }}
        />
        <figcaption className="mt-3">
          Or type this key by hand:{" "}
          <code data-testid="totp-key" className="break-all font-mono font-semibold">
            {props.setup.key}
          </code>
        </figcaption>
      </figure>
      <Form method="post" className="space-y-5">
        <input type="hidden" name="token" value={props.token} />
        <input type="hidden" name="intent" value="code" />
        <TextField
          id="code"
          name="code"
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          Finish
        </Button>
      </Form>
    </StaffDoorway>
  );
}
