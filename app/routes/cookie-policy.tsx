import { Link } from "react-router";
import { CookieSettingsButton } from "~/components/consent/cookie-settings-button";
import { LegalText } from "~/components/legal/legal-text";
import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { buttonVariants } from "~/components/ui/button";
import { COOKIE_POLICY_LAST_UPDATED, COOKIES, type CookieCategory, RETENTION } from "~/content/legal";
import { STATIC_PAGE } from "~/components/route-handle";
import type { Route } from "./+types/cookie-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Cookie Policy",
    description:
      "The cookies our website uses, what each one does and how long it lasts. Analytics and advertising cookies are only used if you agree, and you can change your choice at any time.",
    path: "/cookie-policy",
  });

const CATEGORY_TITLES: Record<CookieCategory, string> = {
  essential: "Essential cookies (always on)",
  analytics: "Analytics cookies (only with your consent)",
  advertising: "Advertising cookies (only with your consent)",
};

/** Reading only: no React in the browser (docs/decisions/010). */
export const handle = STATIC_PAGE;

export default function CookiePolicy() {
  const site = useSite();
  return (
    <>
      <PageHeader title="Cookie Policy">
        <p>Last updated {COOKIE_POLICY_LAST_UPDATED}.</p>
      </PageHeader>
      <article className="mx-auto max-w-3xl px-4 py-12">
        <p className="mb-8">
          <Link to="/" className="font-semibold text-brand-700 underline hover:text-brand-900">
            ← Back to Home
          </Link>
        </p>
        <LegalText>
          <h2>What cookies are</h2>
          <p>
            Cookies are small text files a website stores in your browser. Some are essential for the site to work;
            others help the site owner understand how the site is used or measure advertising. {site.brandName} sets
            only the essential ones unless you tell us otherwise.
          </p>

          <h2>Your choice</h2>
          <p>
            When you first visit, we ask whether you accept analytics and advertising cookies. Until you choose, and if
            you reject them, we load no analytics or advertising script and send no advertising event. Rejecting is as
            easy as accepting, and we remember your choice for one year. You can change it at any time:
          </p>
          <p>
            <CookieSettingsButton className={buttonVariants({ variant: "outline", size: "sm" })} />
          </p>
          <p>If you withdraw consent, we delete the analytics and advertising cookies our site set in your browser.</p>

          {(["essential", "analytics", "advertising"] as const).map((category) => (
            <section key={category} aria-labelledby={`cookies-${category}`}>
              <h2 id={`cookies-${category}`}>{CATEGORY_TITLES[category]}</h2>
              <div className="mt-3 overflow-x-auto">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Cookie</th>
                      <th scope="col">Set by</th>
                      <th scope="col">Purpose</th>
                      <th scope="col">Lasts</th>
                    </tr>
                  </thead>
                  <tbody>
                    {COOKIES.filter((cookie) => cookie.category === category).map((cookie) => (
                      <tr key={cookie.name}>
                        <td>
                          <code>{cookie.name}</code>
                        </td>
                        <td>{cookie.provider}</td>
                        <td>{cookie.purpose}</td>
                        <td>{cookie.duration}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ))}
          <p>
            Data collected by analytics cookies is kept for {RETENTION.analyticsMonths} months. Our contact page shows a
            Google map only when you ask for it or have accepted all cookies, because Google may set its own cookies
            when the map loads.
          </p>

          <h2>Controlling cookies in your browser</h2>
          <p>
            You can also block or delete cookies in your browser's settings. If you block essential cookies, parts of
            the site, such as signing in, may not work. The{" "}
            <a href="https://ico.org.uk/for-the-public/online/cookies/">Information Commissioner's Office</a> explains
            more about cookies and your choices.
          </p>

          <h2>More about your information</h2>
          <p>
            Our <Link to="/privacy-policy">privacy policy</Link> explains how we use personal information. Questions to{" "}
            <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>.
          </p>
        </LegalText>
      </article>
    </>
  );
}
