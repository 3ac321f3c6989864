import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { EnrolPage, type EnrolPageProps } from "./enrol-page";

// The enrolment page's password step (DECISIONS D24): a refused password's reason is at
// the top, linked to its field, and under the field itself, which says it is in error.

function Page() {
  return createElement(EnrolPage, useLoaderData() as EnrolPageProps);
}

function html(props: EnrolPageProps) {
  const Stub = createRoutesStub([{ id: "enrol", path: "/staff/enrol", Component: Page, loader: () => props }]);
  return renderToStaticMarkup(
    createElement(Stub, { initialEntries: ["/staff/enrol"], hydrationData: { loaderData: { enrol: props } } }),
  );
}

const REASON = "This password is too easy to guess: it is built on the firm&#x27;s name";

describe("the enrolment page's password step", () => {
  it("puts a refused password's reason beside the password field, and in the summary linking to it", () => {
    const page = html({
      state: "password",
      token: "t",
      name: "Ann Adviser",
      problem: {
        field: "password",
        message:
          "This password is too easy to guess: it is built on the firm's name, or your own name or email address.",
      },
    });
    expect(page).toMatch(
      /<input[^>]*id="password"[^>]*aria-invalid="true"[^>]*aria-describedby="password-hint password-error"/,
    );
    expect(page).toMatch(new RegExp(`<p id="password-error"[^>]*>.*${REASON}`));
    expect(page).toContain('href="#password"');
    expect(page).not.toMatch(/id="confirm"[^>]*aria-invalid/);
  });

  it("puts a mismatch beside the second field", () => {
    const page = html({
      state: "password",
      token: "t",
      name: "Ann Adviser",
      problem: { field: "confirm", message: "The two passwords are not the same." },
    });
    expect(page).toMatch(/<input[^>]*id="confirm"[^>]*aria-invalid="true"[^>]*aria-describedby="confirm-error"/);
    expect(page).toMatch(/<p id="confirm-error"[^>]*>.*The two passwords are not the same\./);
    expect(page).not.toMatch(/id="password"[^>]*aria-invalid/);
  });

  it("shows no error before anything is posted", () => {
    const page = html({ state: "password", token: "t", name: "Ann Adviser" });
    expect(page).not.toContain("aria-invalid");
    expect(page).not.toContain("There is a problem");
  });
});
