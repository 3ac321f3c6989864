import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { confirmedAccount } from "../support/accounts";
import { E2E_PORT } from "../support/e2e-paths";
import { overflowing } from "../support/layout";
import { axeViolations, skipCookieBanner } from "../support/step-forms";

// A complaint gives its complainant something to quote (issue 54; DECISIONS D26): the
// confirmation is a panel with the reference, the phone a tap-to-call link, at 320, 390
// and 412 px; and the complaint (reference, where it stands, the day our next letter is
// due by) is listed on /account when it was made with the account's own address. A
// reference nobody was given shows no panel.

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

test("a complaint's confirmation shows its reference, and the account with its address lists it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = `quotes.${randomUUID().slice(0, 8)}@example.com`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/make-a-complaint");
  await page.getByLabel("Full name").fill("Quinn Quote");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("An adviser").check();
  await page.getByLabel("What went wrong?").fill("Nobody called me back when they said they would.");
  await page.getByRole("button", { name: "Send complaint" }).click();
  await expect(page).toHaveURL(/\/complaint-received\?ref=C-[0-9A-F]{8}$/);
  const reference = new URL(page.url()).searchParams.get("ref") as string;
  const panel = page.getByRole("region", { name: "Complaint received" });
  await expect(panel).toContainText("Your reference");
  await expect(panel).toContainText(reference);
  const phone = page.locator("main a[href^='tel:']");
  await expect(phone).toHaveCount(1);
  await expect(phone).toHaveAttribute("href", /^tel:\+?[0-9]+$/);
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [320, 390, 412]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await overflowing(page);
    expect(overflow.found, `/complaint-received at ${width} px`).toEqual([]);
  }

  // A reference that was never given: no panel, nothing echoed.
  await page.goto("/complaint-received?ref=C-00000000");
  await expect(page.getByRole("region", { name: "Complaint received" })).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText("C-00000000");

  // The account whose confirmed address made it lists it, with where it stands.
  const password = "Harbour-42-complaint";
  await confirmedAccount(request, email, password);
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: ORIGIN },
  });
  expect(signIn.status()).toBe(200);
  await page.goto("/account");
  const listed = page.getByRole("region", { name: "Your complaints" });
  await expect(listed).toContainText(reference);
  await expect(listed).toContainText(/Where it stands(Received|Being looked into)/);
  await expect(listed).toContainText(/Our next letter is due by(Mon|Tue|Wed|Thu|Fri) \d{1,2} [A-Z][a-z]{2} \d{4}/);
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [320, 390, 412]) {
    await page.setViewportSize({ width, height: 800 });
    expect((await overflowing(page)).found, `/account with a complaint at ${width} px`).toEqual([]);
  }
});
