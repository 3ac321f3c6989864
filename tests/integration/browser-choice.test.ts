import { describe, expect, it } from "vitest";
import { executable, findChromium, testBrowserPath } from "../../scripts/browser";

// Which browser the browser tests drive (decision 510): CHROMIUM_PATH when set, else
// Chromium's headless shell when installed, else the machine's Chromium.
describe("the browser tests' browser", () => {
  it("is CHROMIUM_PATH when it is set, even with the headless shell installed", () => {
    expect(testBrowserPath({ CHROMIUM_PATH: "/bin/sh" })).toBe("/bin/sh");
  });

  it("is the headless shell when installed, else the machine's Chromium", () => {
    const shell = "/usr/bin/chromium-headless-shell";
    if (executable(shell)) expect(testBrowserPath({})).toBe(shell);
    else if (findChromium({})) expect(testBrowserPath({})).toBe(findChromium({}));
    else expect(() => testBrowserPath({})).toThrow(/No Chromium found/);
  });
});
