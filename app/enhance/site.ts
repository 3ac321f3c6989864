/**
 * The little every page needs from script, including the many pages that ship no React
 * at all (see docs/decisions/010): it must stay small and depend on nothing but the DOM.
 * It runs once per full page load, written inline into the HTML by the root layout. What
 * one page alone needs (a partner redirect's countdown, the thank-you page's ad
 * conversion) is that page's own inline module, not every page's.
 */
import { recordLandingPage } from "../components/landing-page";
import { enhanceAccountMenu } from "../features/accounts/header-session";
import { initConsentBanner } from "./consent-banner";

recordLandingPage();
enhanceAccountMenu();
initConsentBanner();
