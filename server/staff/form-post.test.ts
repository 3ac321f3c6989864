import { describe, expect, it } from "vitest";
import { STAFF_FORM_REFUSALS, staffFormPost } from "./form-post.server";

// What every staff console form post goes through: a form in either of the browser's
// encodings comes through whole; a body that is no form, one that cannot be read, and a
// text field (its name or its value) holding a NUL are refused with the reason shown.

const post = (body: BodyInit, contentType?: string) =>
  new Request("http://localhost/staff/sign-in", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });

async function refusal(request: Request) {
  try {
    await staffFormPost(request);
  } catch (thrown) {
    const { data, init } = thrown as { data: { reason: string }; init: { status: number } };
    return { status: init.status, reason: data.reason };
  }
  throw new Error("the post was taken");
}

describe("staffFormPost", () => {
  it("takes a urlencoded form", async () => {
    const form = await staffFormPost(post("email=ann%40firm.example&code=123456", "application/x-www-form-urlencoded"));
    expect(Object.fromEntries(form)).toEqual({ email: "ann@firm.example", code: "123456" });
  });

  it("takes a multipart form, a file in it included, whatever bytes the file holds", async () => {
    const body = new FormData();
    body.set("intent", "note");
    body.set("attachment", new File(["a\u0000b"], "notes.txt", { type: "text/plain" }));
    const form = await staffFormPost(new Request("http://localhost/staff", { method: "POST", body }));
    expect(form.get("intent")).toBe("note");
    expect(await (form.get("attachment") as File).text()).toBe("a\u0000b");
  });

  it.each([
    ["JSON", post('{"email":"ann@firm.example"}', "application/json"), 415, STAFF_FORM_REFUSALS[415]],
    ["no content type", post("email=x"), 415, STAFF_FORM_REFUSALS[415]],
    [
      "a multipart body cut short",
      post(
        '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nnote\r\n--b\r\nContent-Disp',
        "multipart/form-data; boundary=b",
      ),
      400,
      STAFF_FORM_REFUSALS[400],
    ],
    ["a NUL in a value", post("note=call%00back", "application/x-www-form-urlencoded"), 400, STAFF_FORM_REFUSALS.nul],
    ["a NUL in a name", post("no%00te=call+back", "application/x-www-form-urlencoded"), 400, STAFF_FORM_REFUSALS.nul],
    [
      "a NUL in a later field",
      post("intent=note&code=123456&note=x%00", "application/x-www-form-urlencoded"),
      400,
      STAFF_FORM_REFUSALS.nul,
    ],
  ])("refuses %s", async (_case, request, status, reason) => {
    expect(await refusal(request)).toEqual({ status, reason });
  });
});
