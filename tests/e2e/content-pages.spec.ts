import { expect, test } from "@playwright/test";
import { SITEMAP_PATHS } from "../../app/content/public-routes";

/** Each content page: its path, its h1, and body copy that must be in the server's HTML. */
const PAGES: { path: string; heading: string; copy: string[] }[] = [
  {
    path: "/loans",
    heading: "The right loan, whether you rent or own your home",
    copy: [
      "Best Loans £1k - £2.5m",
      "Check Eligibility »",
      "Five debts became one monthly payment",
      "What people borrow for",
    ],
  },
  {
    path: "/about-us",
    heading: "About Harbourside Loans",
    copy: ["Who we are", "What we do", "0117 496 0123", "Apply Now »"],
  },
  {
    path: "/contact-us",
    heading: "Contact Us",
    copy: ["Send us a message", "Full name", "Email address", "Phone number", "Subject", "Message", "Show map"],
  },
  { path: "/contact-thankyou", heading: "Thank you, your message has been received", copy: ["What happens next"] },
  {
    path: "/cookie-policy",
    heading: "Cookie Policy",
    copy: ["← Back to Home", "consent", "1 year", "2 years", "24 hours"],
  },
  { path: "/terms-of-business", heading: "Terms of Business", copy: ["15 August 2025", "not a lender"] },
  { path: "/privacy-policy", heading: "Privacy Policy", copy: ["How long we keep it", "Your rights"] },
  { path: "/thank-you", heading: "Thank You for Your Enquiry", copy: ["Your next steps", "Claire Morgan"] },
  {
    path: "/cannot-help",
    heading: "Unable to Assist",
    copy: ["We regret that we are unable to assist with your loan requirements at this time.", "Return to Homepage"],
  },
  {
    path: "/creditec-redirect",
    heading: "Redirecting to Creditec",
    copy: ["Redirecting in 10 seconds...", "Cancel and Go Back"],
  },
  {
    path: "/loanswarehouse-redirect",
    heading: "Redirecting to Our Partner",
    copy: ["Redirecting in 10 seconds...", "Cancel &amp; Go Back", "Loan Comparison Service"],
  },
];

const decode = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

test.describe("content pages in the server's HTML", () => {
  for (const page of PAGES) {
    test(`${page.path} answers 200 with its heading, copy, title, description and canonical`, async ({ request }) => {
      const response = await request.get(page.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/
        .exec(html)?.[1]
        ?.replace(/<[^>]+>/g, "")
        .replace(/<!-- -->/g, "");
      expect(decode(h1 ?? "")).toBe(page.heading);
      for (const copy of page.copy) expect(html).toContain(copy);

      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
      expect(title).toMatch(/\| Harbourside Loans$/);
      expect(description.length).toBeGreaterThan(50);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${page.path}"`));
      expect(html).toContain('property="og:title"');
    });
  }

  test("no two pages share a title or a description", async ({ request }) => {
    const seen = await Promise.all(
      PAGES.map(async (page) => {
        const html = await (await request.get(page.path)).text();
        return {
          path: page.path,
          title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "",
          description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "",
        };
      }),
    );
    const shared = (key: "title" | "description") =>
      seen.filter((p, i) => p[key] === "" || seen.findIndex((q) => q[key] === p[key]) !== i).map((p) => p.path);
    expect(seen).toHaveLength(PAGES.length);
    expect(shared("title")).toEqual([]);
    expect(shared("description")).toEqual([]);
  });

  test("every page carries the firm as FinancialService JSON-LD", async ({ request }) => {
    const html = await (await request.get("/about-us")).text();
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(json ?? "{}");
    expect(data).toMatchObject({
      "@type": "FinancialService",
      name: "Harbourside Loans",
      legalName: "Harbourside Finance Ltd",
      telephone: "0117 496 0123",
      address: { postalCode: "BS1 5TY", addressLocality: "Bristol", addressCountry: "GB" },
    });
  });
});

test.describe("/loans", () => {
  test("every button leads to the quick eligibility check", async ({ page }) => {
    await page.goto("/loans");
    const links = page.locator("main a");
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThanOrEqual(4);
    expect(new Set(hrefs)).toEqual(new Set(["/apply-personal"]));
    await expect(page.getByRole("link", { name: "Check Eligibility »" }).first()).toBeVisible();
  });

  test("tells the £35,000 story with computed before, after and timeline", async ({ page }) => {
    await page.goto("/loans");
    const story = page.locator("section", {
      has: page.getByRole("heading", { name: "Five debts became one monthly payment" }),
    });
    await expect(story.getByText("consolidated £35,000 of debt")).toBeVisible();
    await expect(story.getByRole("heading", { name: "Before" })).toBeVisible();
    await expect(story.getByRole("heading", { name: "After" })).toBeVisible();
    // D2: £35,000 over 8 years at 7.9% is £493.01 a month (not the spec's £330.25).
    await expect(story.getByText("£493.01 a month")).toBeVisible();
    await expect(story.getByText("Total £1,035 a month")).toBeVisible();
    await expect(story.getByText("Day 16")).toBeVisible();
    await expect(
      page.getByText("Think carefully before securing other debts against your home.").first(),
    ).toBeVisible();
  });

  test("shows six benefit cards, eight purposes, a representative example and the warning", async ({ page }) => {
    await page.goto("/loans");
    await expect(page.locator("#benefits-heading + ul > li")).toHaveCount(6);
    await expect(page.locator("#purposes-heading + ul > li")).toHaveCount(8);
    await expect(page.getByText("120 monthly instalments of £547.35").first()).toBeVisible();
    await expect(page.getByText("Your home may be repossessed").first()).toBeVisible();
  });
});

test.describe("legal pages", () => {
  test("the terms cover every topic the spec lists", async ({ page }) => {
    await page.goto("/terms-of-business");
    const main = page.getByRole("main");
    for (const heading of [
      "We are a credit broker, not a lender",
      "Commission and fees",
      "Your right to cancel (14-day cooling-off)",
      "Complaints",
      "Financial Ombudsman Service",
      "Financial Services Compensation Scheme",
      "Your home is at risk",
    ]) {
      await expect(main.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(
      main.getByText("authorised and regulated by the Financial Conduct Authority (FCA) as a credit broker"),
    ).toBeVisible();
    await expect(main.getByText("within 5 business days")).toBeVisible();
    await expect(main.getByText(/final response within 8\s+weeks/)).toBeVisible();
    await expect(
      main.getByText(
        "Your home may be repossessed if you do not keep up repayments on a mortgage or any other debt secured on it.",
      ),
    ).toBeVisible();
  });

  test("the privacy policy covers every topic and the retention periods", async ({ page }) => {
    await page.goto("/privacy-policy");
    const main = page.getByRole("main");
    for (const heading of [
      "The information we collect",
      "How we use your information, and our legal bases",
      "Who we share it with",
      "How long we keep it",
      "Your rights",
      "How we keep it safe",
      "Complaints to the regulator",
    ]) {
      await expect(main.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(main.getByText("If your loan completes: 6 years from completion")).toBeVisible();
    await expect(main.getByText("If your enquiry does not lead to a loan: 2 years")).toBeVisible();
    await expect(main.getByText("Analytics data, if you agreed to analytics cookies: 26 months.")).toBeVisible();
    await expect(main.getByText("Information Commissioner's Office").first()).toBeVisible();
  });

  test("the cookie policy lists each cookie's duration and links back home", async ({ page }) => {
    await page.goto("/cookie-policy");
    await expect(page.getByRole("link", { name: "← Back to Home" })).toHaveAttribute("href", "/");
    const row = (name: string) => page.getByRole("row", { name: new RegExp(`^${name} `) });
    await expect(row("consent")).toContainText("1 year");
    await expect(row("_ga")).toContainText("2 years");
    await expect(row("_gid")).toContainText("24 hours");
    await expect(row("Session cookie")).toContainText("Session");
  });
});

test.describe("company and journey pages", () => {
  test("/about-us shows the firm's details from configuration and an Apply button", async ({ page }) => {
    await page.goto("/about-us");
    await expect(page.getByRole("link", { name: "Apply Now »" })).toHaveAttribute("href", "/apply");
    await expect(page.getByRole("link", { name: "0117 496 0123" }).first()).toHaveAttribute("href", "tel:01174960123");
    await expect(page.getByText("firm reference number 654321").first()).toBeVisible();
  });

  test("/contact-thankyou offers the home page and the eligibility check", async ({ page }) => {
    await page.goto("/contact-thankyou");
    await expect(page.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Check Your Eligibility »" })).toHaveAttribute("href", "/apply");
  });

  test("/thank-you shows the team leader, three steps, the phone, both buttons and the warning", async ({ page }) => {
    await page.goto("/thank-you?ref=abc");
    const photo = page.getByRole("img", { name: "Claire Morgan, Customer Team Leader" });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator("#next-steps-heading + ol > li")).toHaveCount(3);
    await expect(page.getByRole("link", { name: "0117 496 0123" }).first()).toHaveAttribute("href", "tel:01174960123");
    await expect(page.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Start Another Enquiry" })).toHaveAttribute("href", "/apply");
    await expect(page.getByRole("main").getByText("Your home may be repossessed")).toBeVisible();
  });

  test("/cannot-help offers alternatives and the way home", async ({ page }) => {
    await page.goto("/cannot-help");
    await expect(page.getByRole("heading", { name: "Unable to Assist", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "MoneyHelper" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
  });
});

test.describe("SEO files", () => {
  test("sitemap.xml lists every public route as an absolute URL, and no journey pages", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
    expect(locs.map((loc) => new URL(loc).pathname)).toEqual([...SITEMAP_PATHS]);
    for (const loc of locs) expect(loc).toMatch(/^https?:\/\//);
    for (const path of [
      "/thank-you",
      "/contact-thankyou",
      "/cannot-help",
      "/creditec-redirect",
      "/loanswarehouse-redirect",
      "/auth",
      "/account",
    ]) {
      expect(locs.some((loc) => new URL(loc).pathname === path)).toBe(false);
    }
  });

  test("robots.txt allows the site but not the API, accounts, staff or sign-in, and names the sitemap", async ({
    request,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toContain("User-agent: *\nAllow: /\n");
    for (const path of ["/api/", "/account", "/staff", "/auth"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});
