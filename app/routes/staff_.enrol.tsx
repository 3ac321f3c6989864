import { data, redirect } from "react-router";
import { isSameSitePost } from "../../server/platform/form-post.server";
import { staffFormPost } from "../../server/staff/form-post.server";
import {
  confirmAuthenticator,
  type Issuer,
  invitedStaff,
  pendingAuthenticator,
  setPasswordAndSecret,
  staffPasswordProblem,
} from "../../server/staff/accounts.server";
import { refuseBorrower } from "../../server/staff/session.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { EnrolPage, type EnrolPageProps } from "~/features/staff/enrol-page";
import type { Route } from "./+types/staff_.enrol";

// /staff/enrol?token=… : the one-time link `npm run staff -- add` prints. Sets the
// password (the one password rule, DECISIONS D20), then enrols an authenticator app;
// the link stops working once done.

export const meta: Route.MetaFunction = () => [
  { title: "Set up your staff account" },
  { name: "robots", content: "noindex" },
];
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await refuseBorrower(context, request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invite = await invitedStaff(context.db, token);
  if (!invite) return data<EnrolPageProps>({ state: "invalid" }, { status: 410 });
  return data<EnrolPageProps>({ state: "password", token, name: invite.name });
}

export async function action({ request, context }: Route.ActionArgs) {
  await refuseBorrower(context, request);
  if (!isSameSitePost(request, context.config.siteUrl)) throw data(null, { status: 403 });
  const form = await staffFormPost(request);
  const token = String(form.get("token") ?? "");
  const invite = await invitedStaff(context.db, token);
  if (!invite) return data<EnrolPageProps>({ state: "invalid" }, { status: 410 });
  const base = { token, name: invite.name };
  const { brandName, companyName } = context.config.site;
  const issuer: Issuer = {
    issuer: `${brandName} staff`,
    authSecret: context.config.authSecret,
    // The firm's names and its site's domain: the words a guesser of a staff password tries first (decision 379).
    firmNames: [brandName, companyName, new URL(context.config.siteUrl).hostname],
    passwordHashing: context.config.passwordHashing,
  };

  if (form.get("intent") === "password") {
    const password = String(form.get("password") ?? "");
    const problem = staffPasswordProblem(password, {
      firmNames: issuer.firmNames,
      name: invite.name,
      email: invite.email,
    });
    if (problem) {
      return data<EnrolPageProps>(
        { state: "password", ...base, problem: { field: "password", message: problem } },
        { status: 400 },
      );
    }
    if (password !== form.get("confirm")) {
      return data<EnrolPageProps>(
        { state: "password", ...base, problem: { field: "confirm", message: "The two passwords are not the same." } },
        { status: 400 },
      );
    }
    const setup = await setPasswordAndSecret(context.db, issuer, invite, password);
    return data<EnrolPageProps>({ state: "authenticator", ...base, setup });
  }

  const code = String(form.get("code") ?? "").trim();
  if (await confirmAuthenticator(context.db, issuer, invite, token, code)) {
    return redirect("/staff/sign-in?enrolled=1");
  }
  const setup = await pendingAuthenticator(context.db, issuer, invite);
  if (!setup) return data<EnrolPageProps>({ state: "password", ...base }, { status: 400 });
  return data<EnrolPageProps>(
    {
      state: "authenticator",
      ...base,
      setup,
      error: "That code is not right. Check the app and type the code it shows now.",
    },
    { status: 400 },
  );
}

export default function Enrol({ loaderData, actionData }: Route.ComponentProps) {
  return <EnrolPage {...(actionData ?? loaderData)} />;
}
