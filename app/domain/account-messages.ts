// What the account pages say, in the spec's exact wording (sections 2, 4 and 8).
// Messages marked "ours" are not in the spec.

export const SIGN_IN_TAB = "Sign In";
export const SIGN_UP_TAB = "Sign Up";
export const SIGNING_IN = "Signing in...";
export const CREATING_ACCOUNT = "Creating account...";
export const BACK_TO_HOMEPAGE = "Back to Homepage";

export const SIGN_UP_SUCCESS = "Please check your email to confirm your account";
export const SIGN_UP_ALREADY_REGISTERED = "This email is already registered. Please sign in instead.";
export const INVALID_CREDENTIALS = "Invalid email or password";
export const SIGNED_OUT = "Signed out successfully";

/** What the server says when an email is taken; the page shows SIGN_UP_ALREADY_REGISTERED. */
export const SIGN_UP_ALREADY_REGISTERED_PROVIDER = "User already registered";

// ours:
export const SIGNED_OUT_EVERYWHERE = "Signed out on every device";
export const EMAIL_CONFIRMED = "Your email address is confirmed. Please sign in.";
export const CONFIRMATION_LINK_INVALID =
  "That confirmation link has expired or was already used. Sign in and we will email you a new one.";
export const EMAIL_NOT_CONFIRMED =
  "Email not verified. Please check your email to confirm your account: we have sent you a new link.";
/** Said instead when a link went out in the last few minutes, so none was sent now. */
export const EMAIL_NOT_CONFIRMED_LINK_RECENT =
  "Email not verified. Please use the confirmation link we emailed you a few minutes ago (check your spam folder too). If it has not arrived, sign in again in 5 minutes and we will send a new one.";
export const TOO_MANY_ATTEMPTS = "Too many requests. Please wait a few minutes and try again.";
/** After 'Send the email again' (ours): the same words whether or not the address has an account waiting. */
export const CONFIRMATION_SENT_AGAIN =
  "If that address has an account waiting to be confirmed, a new link is on its way. We send one at most every 5 minutes: if one went in the last few minutes, that one is still the one to use. Look in your spam folder too.";
export const SEND_CONFIRMATION_AGAIN = "Send the email again";

/**
 * Said when an account has had too many sign-in attempts in a few minutes, from
 * anywhere: how long until it can be tried again (whole minutes, rounded up), and the
 * way in that needs no waiting.
 */
export function accountSignInPaused(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts to sign in to this account. For its safety, please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again, or reset your password.`;
}
export const SOMETHING_WENT_WRONG = "Something went wrong on our side. Please try again.";
export const FIRST_NAME_REQUIRED = "First name is required";
export const LAST_NAME_REQUIRED = "Last name is required";
export const EMAIL_INVALID = "Please enter a valid email address";
export { PASSWORD_TOO_COMMON, PASSWORD_TOO_LONG } from "./passwords";

/**
 * The sign-up error to show: the spec's own words for a taken email (any message
 * containing 'already registered' or better-auth's 'already exists'), else the
 * provider's message as it comes.
 */
export function signUpErrorMessage(providerMessage: string): string {
  return /already (registered|exists)/i.test(providerMessage) ? SIGN_UP_ALREADY_REGISTERED : providerMessage;
}

/** The sign-in error to show: 'Invalid email or password' for bad credentials, else the provider's message. */
export function signInErrorMessage(providerMessage: string, code?: string): string {
  if (code === "INVALID_EMAIL_OR_PASSWORD" || /invalid (login credentials|email or password)/i.test(providerMessage)) {
    return INVALID_CREDENTIALS;
  }
  if (code === "EMAIL_NOT_VERIFIED") return EMAIL_NOT_CONFIRMED;
  return providerMessage;
}

// Password reset (ours). The answer to a request never says whether the email has an account.
export const FORGOT_PASSWORD = "Forgot your password?";
export const SEND_RESET_LINK = "Send me a link";
export const SENDING_RESET_LINK = "Sending...";
export const RESET_LINK_SENT =
  "If an account uses that email address, we have sent it a link to set a new password. The link works for one hour.";
export const SET_NEW_PASSWORD = "Set new password";
export const SETTING_NEW_PASSWORD = "Saving...";
export const ACCOUNT_DELETED = "Your account and the details of your enquiries have been deleted.";
export const CONFIRM_ACCOUNT_DELETION = "Tick the box to confirm you want your account deleted.";
export const PASSWORD_CHANGED = "Your new password is set and every device was signed out. Please sign in.";
export const RESET_LINK_INVALID = "That link has expired or was already used. Please ask for a new one.";
/** Ours: sign-in sent without a password. */
export const ENTER_PASSWORD = "Please enter your password";
