import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { confirmedAccount } from "../support/accounts";
import { E2E_PORT } from "../support/e2e-paths";
import { type CheckedPage, hasJava, htmlErrors } from "../support/html-checker";
import { expectFitsScreen, PHONE } from "../support/layout";
import { ownPhoneNumbers, validQuote } from "../support/leads";
import { overHttp, signInStaff } from "../support/staff-sign-in";
import { addStaffMember } from "../support/stored";
import { skipCookieBanner } from "../support/step-forms";

// One person's record (decisions 410 and 411), as the people see it: a borrower with an
// account sends a quote, says they prefer email, and asks for a correction; a compliance
// officer records their complaint from the lead, goes from the complaint to the person's
// record and from there to the lead, the complaint and the request, and back from each;
// is told the needs record is held, never what it says; and corrects the lead from the
// request. An adviser's record of the same person shows the needs in full. Axe-clean,
// valid HTML, 390 px fits.

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const PASSWORD = "Harbour-42-person";

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** A signed-in member of the given roles, in a browser of their own. */
async function memberPage(browser: Browser, name: string, roles: string[]) {
  const email = `${randomUUID().slice(0, 8)}@firm.example`;
  const member = await signInStaff(overHttp(ORIGIN), {
    origin: ORIGIN,
    enrolPath: await addStaffMember(email, name, roles),
    email,
  });
  const context = await browser.newContext({ baseURL: ORIGIN });
  await context.addCookies(
    member.cookie.split("; ").map((pair) => {
      const [cookieName = "", ...value] = pair.split("=");
      return { name: cookieName, value: value.join("="), url: ORIGIN };
    }),
  );
  return context.newPage();
}

test("the person page holds a lead, a complaint and a correction request, each linked both ways; compliance is told the needs record is held", async ({
  page,
  browser,
}) => {
  // Three people's pages, axe on five and the HTML checker once: longer than a test's usual time.
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 6);
  const surname = `Record${tag.replace(/[^a-f]/g, "x")}`;
  const email = `person-${tag}@example.com`;
  // Their own phone numbers: a number other tests' leads share would make them one person with those.
  const [phone, newPhone] = ownPhoneNumbers();

  // The borrower: an account, a quote from it, email preferred, and a correction asked for.
  await confirmedAccount(page.request, email, PASSWORD, { firstName: "Jo", lastName: surname });
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: PASSWORD },
    headers: { Origin: ORIGIN },
  });
  expect(signedIn.status()).toBe(200);
  await skipCookieBanner(page.context());
  const sent = await page.request.post("/api/quotes", {
    data: validQuote({ email, phone, first_name: "Jo", last_name: surname }),
  });
  expect(sent.status()).toBe(201);
  const leadId = ((await sent.json()) as { id: string }).id;
  const leadRef = leadId.slice(0, 8).toUpperCase();
  const stated = await page.request.post(`/thank-you?ref=${leadId}`, {
    form: { intent: "needs", adjustments: "email" },
    headers: { Origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(stated.status()).toBe(303);
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Correct your details" });
  await section.getByLabel("What is wrong, and what should it say?").fill(`My phone number is ${newPhone} now.`);
  await section.getByRole("button", { name: "Ask for a correction" }).click();
  await expect(section.getByRole("status")).toContainText(/We have your request R-[0-9A-F]{8}/);
  const requestRef = /R-[0-9A-F]{8}/.exec((await section.getByRole("status").textContent()) ?? "")?.[0] as string;

  // Compliance records the complaint from the lead.
  const cora = await memberPage(browser, `Cora Compliance ${tag}`, ["compliance"]);
  await cora.goto(`/staff/leads/quote/${leadId}`);
  await expect(cora.getByTestId("needs-held")).toHaveText("Needs record: held, shown to advisers and managers.");
  await expect(cora.getByTestId("needs-section")).toHaveCount(0);
  await expect(cora.getByTestId("lead-banners")).toContainText("Open correction request from this person");
  await expectNoAxeViolations(cora);
  await cora.getByTestId("record-complaint").click();
  await cora.getByLabel("How did it reach us?").selectOption({ label: "Email" });
  await cora.getByLabel("Full name").fill(`Jo ${surname}`);
  await cora.getByLabel("Email address (if they gave one)").fill(email);
  await cora.getByLabel("An adviser").check();
  await cora.getByLabel("What went wrong, in their words").fill("Called three times after I asked for email only.");
  await cora.getByRole("button", { name: "Record the complaint" }).click();
  await expect(cora).toHaveURL(/\/staff\/complaints\?done=recorded$/);
  await cora.getByRole("row").filter({ hasText: surname }).getByRole("link").click();
  await expect(cora.getByRole("heading", { level: 1 })).toContainText(surname);
  const complaintPath = new URL(cora.url()).pathname;
  const complaintRef = `C-${complaintPath.split("/").at(-1)?.slice(0, 8).toUpperCase()}`;

  // From the complaint to the person's record: the lead, the complaint and the request are on it.
  await cora.getByTestId("complaint-person").click();
  await expect(cora).toHaveURL(/\/staff\/people\/complaint\//);
  await expect(cora.getByRole("heading", { level: 1 })).toHaveText(`Jo ${surname}: everything held`);
  const complaints = cora.getByTestId("person-complaints");
  await expect(complaints.getByRole("link", { name: complaintRef })).toBeVisible();
  await expect(complaints.getByTestId("complaint-stage")).toHaveText(
    /(acknowledgement|summary resolution).*due by|may close it until/i,
  );
  const requests = cora.getByTestId("person-requests");
  await expect(requests.getByRole("link", { name: requestRef })).toBeVisible();
  await expect(requests.getByTestId("request-stage")).toContainText("Open: to answer by");
  await expect(cora.getByTestId("person-leads").getByRole("link", { name: leadRef })).toBeVisible();
  await expect(cora.getByTestId("person-needs-held")).toContainText(
    "Needs record: held, shown to advisers and managers.",
  );
  await expect(cora.getByTestId("person-needs-held").getByRole("link", { name: leadRef })).toBeVisible();
  await expect(cora.getByTestId("person-needs")).toHaveCount(0);
  await expectNoAxeViolations(cora);
  await cora.setViewportSize(PHONE);
  await expectFitsScreen(cora, "the person page, as compliance");
  const personPath = new URL(cora.url()).pathname;

  // Each way back: person → complaint → person; person → lead → person; person → request → person.
  await complaints.getByRole("link", { name: complaintRef }).click();
  await expect(cora).toHaveURL(new RegExp(`${complaintPath}$`));
  await cora.getByTestId("complaint-person").click();
  await expect(cora).toHaveURL(new RegExp(`${personPath}$`));
  await cora.getByTestId("person-leads").getByRole("link", { name: leadRef }).click();
  await expect(cora).toHaveURL(new RegExp(`/staff/leads/quote/${leadId}$`));
  await cora.getByRole("link", { name: "Everyone with this email or phone" }).click();
  await expect(cora).toHaveURL(new RegExp(`/staff/people/quote/${leadId}$`));
  await expect(cora.getByTestId("person-complaints").getByRole("link", { name: complaintRef })).toBeVisible();
  await cora.getByTestId("person-requests").getByRole("link", { name: requestRef }).click();
  await expect(cora).toHaveURL(/\/staff\/requests#request-/);
  const listed = cora.getByTestId("correction-requests").getByRole("listitem").filter({ hasText: requestRef }).first();
  await expect(listed).toBeInViewport();
  await expectNoAxeViolations(cora);
  await expectFitsScreen(cora, "the data requests page with a request's lead");
  await listed.getByRole("link", { name: /^Everything held about/ }).click();
  await expect(cora).toHaveURL(/\/staff\/people\/account\//);
  await expect(cora.getByTestId("person-requests").getByRole("link", { name: requestRef })).toBeVisible();
  await cora.goBack();

  // The request names its lead; compliance opens the correction there and corrects the phone.
  await cora.setViewportSize({ width: 1280, height: 800 });
  await listed.getByRole("link", { name: `Correct lead ${leadRef}` }).click();
  await expect(cora).toHaveURL(new RegExp(`/staff/leads/quote/${leadId}\\?correct#correct$`));
  const correction = cora.getByTestId("correction");
  await expect(correction.getByLabel("Phone")).toBeVisible();
  await expect(cora.getByRole("button", { name: "Log a call" })).toHaveCount(0);
  await correction.getByLabel("Phone").fill(newPhone);
  await correction.getByRole("button", { name: "Save correction" }).click();
  await expect(cora.getByRole("status").filter({ hasText: "Correction saved" })).toBeVisible();
  await expect(cora.getByTestId("lead-phone")).toHaveText(newPhone);

  // An adviser's record of the same person: the needs in full, the complaint's stage without its page.
  const ned = await memberPage(browser, `Ned Adviser ${tag}`, ["adviser"]);
  await ned.goto(`/staff/people/quote/${leadId}`);
  await expect(ned.getByTestId("person-needs").getByTestId("needs-markers")).toContainText("Prefers email");
  await expect(ned.getByTestId("person-needs-held")).toHaveCount(0);
  await expect(ned.getByTestId("person-complaints")).toContainText(complaintRef);
  await expect(ned.getByTestId("person-complaints").getByRole("link", { name: complaintRef })).toHaveCount(0);
  await expect(ned.getByTestId("person-requests")).toContainText(requestRef);
  await expectNoAxeViolations(ned);

  // Valid HTML, as the server sends each page.
  if (hasJava) {
    const pages: CheckedPage[] = [];
    for (const [who, member, path] of [
      ["compliance", cora, personPath],
      ["compliance", cora, `/staff/people/quote/${leadId}`],
      ["compliance", cora, "/staff/requests"],
      ["compliance", cora, `/staff/leads/quote/${leadId}`],
      ["compliance", cora, complaintPath],
      ["adviser", ned, `/staff/people/quote/${leadId}`],
    ] as const) {
      const response = await member.request.get(path);
      expect(response.status(), path).toBe(200);
      pages.push({ name: `${path} as ${who}`, html: await response.text() });
    }
    expect(htmlErrors(pages)).toEqual([]);
  }
});
