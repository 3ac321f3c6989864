import { defaultPromotionFigures, exampleField, promotionFieldValues } from "../../app/domain/promotions";
import { type APIResponse, expect, test } from "@playwright/test";
import { confirmedAccount } from "../support/accounts";
import { type CheckedPage, hasJava, htmlErrors } from "../support/html-checker";
import { postedQuoteAnswers, validQuote } from "../support/leads";
import { routeFiles, routeName } from "../support/route-files";
import { overHttp, signInStaff } from "../support/staff-sign-in";
import { addStaffMember } from "../support/stored";
import { uniqueEmail } from "../support/step-forms";

// Valid HTML (the W3C Nu HTML Checker): every page route in app/routes, the console's
// signed in and /account with a borrower signed in, and the states the browser tests
// reach that draw markup of their own (each form's error summary, a booked call-back,
// a refused call-back time). The HTML is the server's, as a browser without script gets
// it; the checker runs once over them all.

const PASSWORD = "Harbour-42-valid-html";

/** The address a flat-routes name answers at (`staff.leads.$kind.$id`), its parameters as `$name`. */
function routePath(name: string): string {
  if (name === "_index") return "/";
  if (name === "$") return "/no-such-page";
  // "[.]" is a dot kept in the address (robots[.]txt); a "." separates segments.
  const segments = name
    .replace(/\[\.\]/g, "[dot]")
    .split(".")
    .filter((segment) => !segment.startsWith("_"))
    .map((segment) => segment.replace(/_$/, "").replaceAll("[dot]", "."));
  return `/${segments.join("/")}`;
}

const NO_JAVA = "valid HTML: not checked, Java is not installed (the W3C Nu HTML Checker runs on it)";

test("every page and every state the browser tests reach is valid HTML", async ({ baseURL, playwright }) => {
  if (!hasJava) console.info(NO_JAVA);
  test.skip(!hasJava, NO_JAVA);
  test.setTimeout(120_000);
  const origin = String(baseURL);
  const pages: CheckedPage[] = [];
  const keep = async (name: string, response: APIResponse) => {
    expect(response.status(), name).toBeLessThan(500);
    if (response.headers()["content-type"]?.startsWith("text/html")) pages.push({ name, html: await response.text() });
  };
  const visitor = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  const borrower = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  const form = (fields: Record<string, string> | [string, string][]) => ({
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: new URLSearchParams(fields).toString(),
  });

  // A lead sent by this browser (it may book its call-back), and a staff member signed in.
  const sent = await visitor.post("/api/quotes", { data: validQuote({ email: uniqueEmail("valid-html") }) });
  expect(sent.status()).toBe(201);
  const { id: leadId } = (await sent.json()) as { id: string };
  const staffEmail = `${uniqueEmail("valid-html").split("@")[0]}@firm.example`;
  const enrolPath = await addStaffMember(staffEmail, "Val Idator");
  // The enrolment's pages are states of their own: kept as the sign-in passes through them.
  const send = overHttp(origin);
  const { cookie } = await signInStaff(
    async (path, init) => {
      const response = await send(path, init);
      if (path.startsWith("/staff/enrol") && response.status === 200)
        pages.push({ name: `${path.split("?")[0]} (a step of the enrolment)`, html: await response.clone().text() });
      return response;
    },
    { origin, enrolPath, email: staffEmail },
  );
  const staff = await playwright.request.newContext({
    baseURL: origin,
    extraHTTPHeaders: { Origin: origin, Cookie: cookie },
  });

  // A product on the panel, for its own page (refused first, for the form's error summary).
  const product = (lender: string): [string, string][] => [
    ["intent", "save"],
    ["lender", lender],
    ["productName", "Homeowner loan (example)"],
    ["kind", "second-charge"],
    ["minLoan", "10,000"],
    ["maxLoan", "100,000"],
    ["minTermMonths", "36"],
    ["maxTermMonths", "300"],
    ...["ltvExcellent", "ltvGood", "ltvFair", "ltvPoor", "ltvUnsure"].map((f): [string, string] => [f, "70"]),
    ["employment", "employed-full-time"],
    ["minMonthlyIncome", "1500"],
    ["maxAgeAtEnd", "75"],
    ["band1UpTo", "85"],
    ["band1Rate", "6.99"],
    ["feePounds", "495"],
    ["commissionPercent", "2"],
    ["commissionFixedPounds", "0"],
  ];
  await keep("/staff/lenders/new refused", await staff.post("/staff/lenders/new", form(product(""))));
  const added = await staff.post("/staff/lenders/new", {
    ...form(product("Example Lender (valid HTML)")),
    maxRedirects: 0,
  });
  expect(added.status(), "the product was added").toBe(302);
  const panel = await (await staff.get("/staff/lenders")).text();
  const productId = /href="\/staff\/lenders\/([0-9a-f-]{36})"/.exec(panel)?.[1];
  expect(productId, "the panel links its product").toBeTruthy();

  // A complaint through the public form, for its page in the console.
  const complained = await visitor.post("/make-a-complaint", {
    ...form({
      name: "Val Complains",
      email: uniqueEmail("valid-html-complaint"),
      about: "website",
      words: "The page would not load on my phone.",
    }),
    maxRedirects: 0,
  });
  expect(complained.status(), "the complaint was recorded").toBe(303);
  const complaints = await (await staff.get("/staff/complaints")).text();
  const complaintId = /href="\/staff\/complaints\/([0-9a-f-]{36})"/.exec(complaints)?.[1];
  expect(complaintId, "the list links the complaint").toBeTruthy();

  // A promotion draft (refused first, for the form's error summary), for its version's page.
  await keep("/staff/promotions refused", await staff.post("/staff/promotions", form({ intent: "draft" })));
  const drafted = await staff.post("/staff/promotions", {
    ...form({
      ...promotionFieldValues(defaultPromotionFigures()),
      [exampleField("schoolFees", "ratePercent")]: "5.99",
      intent: "draft",
      summary: "Valid HTML",
    }),
    maxRedirects: 0,
  });
  const versionId = /\/staff\/promotions\/(\d+)/.exec(drafted.headers().location ?? "")?.[1];
  expect(versionId, "the draft was stored").toBeTruthy();
  await keep(
    "/staff/promotions, a change previewed",
    await staff.post("/staff/promotions", {
      ...form({ ...promotionFieldValues(defaultPromotionFigures()), intent: "preview", summary: "Preview" }),
    }),
  );
  await keep(
    "/staff/promotions/history, a past copy",
    await staff.get("/staff/promotions/history?page=/secured-homeowner-loan&day=2026-11-01&time=10:00"),
  );

  // Every page route, its parameters filled in.
  const parameters: Record<string, string[]> = {
    "/staff/promotions/$id": [`/staff/promotions/${versionId}`],
    "/staff/complaints/$id": [
      `/staff/complaints/${complaintId}`,
      `/staff/complaints/${complaintId}?letter=final-response&outcome=partly-upheld`,
    ],
    "/staff/leads/$kind/$id": [`/staff/leads/quote/${leadId}`],
    "/staff/people/$kind/$id": [`/staff/people/quote/${leadId}`],
    "/staff/lenders/$id": [`/staff/lenders/${productId}`],
  };
  const routes = routeFiles().map(routeName).map(routePath);
  for (const route of routes) {
    const paths = route.includes("$") ? parameters[route] : [route];
    expect(paths, `${route}: a route with parameters this check does not fill in`).toBeDefined();
    for (const path of paths ?? []) {
      const signedIn = path.startsWith("/staff") && !/^\/staff\/(sign-in|enrol)/.test(path);
      await keep(path, await (signedIn ? staff : visitor).get(path));
    }
  }
  await keep("/thank-you (this browser's lead)", await visitor.get(`/thank-you?ref=${leadId}`));

  // The states the browser tests reach: each form's errors, a refused and a booked call-back.
  await keep("/apply, a step sent empty", await visitor.post("/apply", form({ step: "status" })));
  await keep("/apply-personal, a step sent empty", await visitor.post("/apply-personal", form({ step: "loanType" })));
  await keep("/loan-application, a step sent empty", await visitor.post("/loan-application", form({ step: "status" })));
  // The check page, as a plain form reaches it (decision 500), and with its box left unticked.
  const details = postedQuoteAnswers(uniqueEmail("valid-html"));
  const checkPage = await visitor.post("/apply", form({ ...details, step: "contact", consent: "" }));
  expect(checkPage.status()).toBe(200);
  expect(await checkPage.text()).toContain("Now send your details");
  await keep("/apply, the check page", checkPage);
  const unticked = await visitor.post("/apply", form({ ...details, consent: "" }));
  expect(unticked.status()).toBe(400);
  await keep("/apply, the check page sent unticked", unticked);
  await keep("/contact-us sent empty", await visitor.post("/contact-us", form({})));
  await keep("/make-a-complaint sent empty", await visitor.post("/make-a-complaint", form({})));
  await keep("/staff/complaints/new sent empty", await staff.post("/staff/complaints/new", form({})));
  await keep(
    "/staff/complaints/:id, a letter refused",
    await staff.post(
      `/staff/complaints/${complaintId}?letter=holding`,
      form({ intent: "send", kind: "holding", version: "1", subject: "", body: "[Write it]" }),
    ),
  );
  await keep("/auth sign-in sent empty", await visitor.post("/auth", form({ intent: "sign-in" })));
  await keep("/auth sign-up sent empty", await visitor.post("/auth?tab=sign-up", form({ intent: "sign-up" })));
  await keep("/auth/forgot-password sent empty", await visitor.post("/auth/forgot-password", form({})));
  await keep(
    "/thank-you, a call-back time refused",
    await visitor.post(`/thank-you?ref=${leadId}`, form({ callback: "2000-01-01T09:00" })),
  );
  const offered = /<option value="([^"]+)"/g;
  const thankYou = await (await visitor.get(`/thank-you?ref=${leadId}`)).text();
  const hour = [...thankYou.matchAll(offered)].map((m) => m[1]).find((value) => value !== "soonest");
  expect(hour, "the thank-you page offers an hour").toBeTruthy();
  await keep(
    "/thank-you, a call-back booked",
    await visitor.post(`/thank-you?ref=${leadId}`, form({ callback: String(hour) })),
  );
  // What would help (DECISIONS D28): refused at the consent box, then saved; the lead page with its record, refused and shown.
  await keep(
    "/thank-you, needs refused",
    await visitor.post(`/thank-you?ref=${leadId}`, form({ intent: "needs", health: "Asthma" })),
  );
  await visitor.post(`/thank-you?ref=${leadId}`, {
    ...form([
      ["intent", "needs"],
      ["adjustments", "email"],
      ["health", "Asthma"],
      ["health-consent", "yes"],
    ]),
    maxRedirects: 0,
  });
  await keep("/thank-you, needs saved", await visitor.get(`/thank-you?ref=${leadId}&needs=saved`));
  await keep(
    "/staff/leads, a needs record refused",
    await staff.post(`/staff/leads/quote/${leadId}`, form({ intent: "needs", needsVersion: "1", source: "call" })),
  );
  await keep(
    "/staff/leads, a note refused",
    await staff.post(`/staff/leads/quote/${leadId}`, form({ intent: "note" })),
  );
  await keep("/staff/leads with its booked call-back", await staff.get(`/staff/leads/quote/${leadId}`));

  // A borrower signed in: their account with the lead and its call-back.
  const borrowerEmail = uniqueEmail("valid-html-account");
  await confirmedAccount(borrower, borrowerEmail, PASSWORD);
  expect(
    (await borrower.post("/api/auth/sign-in/email", { data: { email: borrowerEmail, password: PASSWORD } })).status(),
  ).toBe(200);
  expect((await borrower.post("/api/quotes", { data: validQuote({ email: borrowerEmail }) })).status()).toBe(201);
  await keep("/account signed in", await borrower.get("/account"));
  // Their details refused at each field, and a correction request sent empty, then sent.
  await keep(
    "/account details refused",
    await borrower.post("/account", form({ intent: "details", firstName: "", lastName: "", phone: "0123" })),
  );
  await keep("/account correction sent empty", await borrower.post("/account", form({ intent: "correction" })));
  await borrower.post("/account", {
    ...form({ intent: "correction", details: "My income is wrong." }),
    maxRedirects: 0,
  });
  await keep("/account with its correction request", await borrower.get("/account?corrected=request"));
  await keep("/staff/requests with a correction request", await staff.get("/staff/requests"));
  await keep("/account, needs refused", await borrower.post("/account", form({ intent: "needs", health: "Asthma" })));

  expect(pages.length).toBeGreaterThan(routes.length);
  expect(htmlErrors(pages)).toEqual([]);
  await Promise.all([visitor.dispose(), borrower.dispose(), staff.dispose()]);
});
