import { useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ConsentBanner } from "./components/consent/consent-banner";
import { FirmJsonLd } from "./components/firm-json-ld";
import { useNonce } from "./components/nonce";
import { type PageScript, useHydratedPage, usePageScript } from "./components/route-handle";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { AccountMenu, PhoneAccountLinks } from "./features/accounts/account-menu";
import { Toaster } from "./components/ui/toaster";
import { loaderConfig } from "./config.server";
import { livePromotion } from "../server/promotions/live.server";
import enhanceScript from "./enhance/site.ts?inline-module";
import adConversionScript from "./enhance/ad-conversion.ts?inline-module";
import countdownScript from "./enhance/partner-redirect.ts?inline-module";

/** One page's own script (its handle's `script`); in the browser's bundle, empty strings. */
const PAGE_SCRIPTS: Record<PageScript, string> = {
  "partner-redirect": countdownScript,
  "ad-conversion": adConversionScript,
};

/**
 * The site's settings and the live promotion figures (DECISIONS D27), whose claims stand
 * in for configuration's. Prerendering at build has no database: the code's figures.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const config = loaderConfig(context);
  const promotion = await livePromotion({ config, db: context?.db, promotions: context?.promotions });
  return { site: { ...config.site, claims: promotion.figures.claims }, promotion };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/**
 * A refusal thrown by a page's action is drawn by this boundary, whose headers are the
 * answer's: its Retry-After is passed on, so every form's 429 says when to try again.
 */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrate = useHydratedPage();
  const pageScript = usePageScript();
  // React, once running, renders every later page the borrower opens by a link, the
  // static ones too: scroll restoration must stay, or those pages open where the last
  // one was scrolled to (the footer of a thank-you page, say).
  const reactRuns = useRef(hydrate);
  if (hydrate) reactRuns.current = true;
  // Says on <html> that React runs the page: it starts after the first paint (decision 138).
  useEffect(() => {
    document.documentElement.dataset.react = "";
  }, []);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1b3a5e" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        {children}
        <InlineModule source={enhanceScript} nonce={nonce} />
        {pageScript && <InlineModule source={PAGE_SCRIPTS[pageScript]} nonce={nonce} />}
        {reactRuns.current && <ScrollRestoration nonce={nonce} />}
        {hydrate && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

/**
 * A module bundled inline (`?inline-module`, see vite.config.ts): it runs once on a full
 * page load, with or without React.
 */
function InlineModule({ source, nonce }: { source: string; nonce: string | undefined }) {
  return (
    <script
      type="module"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own bundled module, allowed by the CSP's nonce or hash
      dangerouslySetInnerHTML={{ __html: source }}
      suppressHydrationWarning
    />
  );
}

/**
 * The header's account links (most pages are static: see account-menu.tsx): in the bar
 * from a small tablet up; on a phone, in the menu, where there is room for them.
 */
const accountMenu = <AccountMenu className="max-sm:hidden sm:mx-2 lg:mr-0" />;
const phoneAccount = <PhoneAccountLinks className="sm:hidden" />;

export default function App() {
  // The staff console (app/routes/staff.tsx) draws its own frame: no public header,
  // footer, consent banner or firm markup around the firm's own pages.
  if (useLocation().pathname.startsWith("/staff")) return <Outlet />;
  return (
    <>
      <ConsentBanner />
      <SiteHeader account={accountMenu} phoneAccount={phoneAccount} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <Toaster />
      <FirmJsonLd />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The header and footer need the root loader's data, which a refused action (a 405, a
  // 415) never loads: then the page stands alone rather than failing a second time.
  const hasSite = Boolean(useRouteLoaderData("root"));
  const refused = isRouteErrorResponse(error) && error.status >= 400 && error.status < 500;
  return (
    <>
      {hasSite && <SiteHeader account={accountMenu} phoneAccount={phoneAccount} />}
      <main id="main" className="flex-1">
        {notFound ? (
          <NotFound />
        ) : refused ? (
          <NotAccepted reason={refusalReason(error.data)} />
        ) : (
          <SomethingWentWrong />
        )}
      </main>
      {hasSite && <SiteFooter />}
    </>
  );
}

/** The reason an action gave for refusing a post (`{ reason }`), if it gave one for the visitor. */
function refusalReason(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || !("reason" in data)) return undefined;
  return typeof data.reason === "string" ? data.reason : undefined;
}

/** A request the page cannot take (a post to a page without a form, a body that is not a form). */
function NotAccepted({ reason }: { reason?: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Request not accepted</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-semibold text-slate-900">Sorry, we could not accept that request</h1>
      {reason && <p className="mt-4 text-slate-700">{reason}.</p>}
      <p className="mt-6">
        <Link to="/" className="font-semibold text-brand-700 underline hover:text-brand-900">
          Return to Home
        </Link>
      </p>
    </section>
  );
}

function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Page not found</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-bold text-brand-800">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">Oops! Page not found</h1>
      <p className="mt-6">
        <Link to="/" className="font-semibold text-brand-700 underline hover:text-brand-900">
          Return to Home
        </Link>
      </p>
    </section>
  );
}

function SomethingWentWrong() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Something went wrong</title>
      <h1 className="text-2xl font-semibold text-slate-900">Sorry, something went wrong</h1>
      <p className="mt-4">Please try again in a moment, or call us if it keeps happening.</p>
      <p className="mt-6">
        <Link to="/" className="font-semibold text-brand-700 underline">
          Return to Home
        </Link>
      </p>
    </section>
  );
}
