/**
 * The little every page needs from script, including the many pages that ship no React
 * at all (see docs/decisions/010): it must stay small and depend on nothing but the DOM.
 * It runs once per full page load, written inline into the HTML by the root layout.
 */
import { watchAdConversions } from "../components/consent/ad-conversion";
import { recordLandingPage } from "../components/landing-page";
import { enhanceAccountMenu } from "../features/accounts/header-session";
import { startCountdowns } from "../features/partner-redirect/countdown";
import { initConsentBanner } from "./consent-banner";

recordLandingPage();
enhanceAccountMenu();
initConsentBanner();
watchAdConversions();
startCountdowns();
