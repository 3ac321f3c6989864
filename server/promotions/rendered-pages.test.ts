import { describe, expect, it } from "vitest";
import { defaultPromotionFigures } from "../../app/domain/promotions";
import { createLogger } from "../platform/logger";
import type { StaticFile } from "../platform/static-files";
import type { LivePromotion, PromotionSource } from "./promotions.server";
import { createRenderedPages, urlPathOf } from "./rendered-pages";

/** A source whose live version the test sets, telling listeners as the real one does. */
function fakeSource() {
  let live: LivePromotion = { versionId: null, figures: defaultPromotionFigures() };
  const listeners = new Set<(live: LivePromotion) => void>();
  const source: PromotionSource = {
    live: async () => live,
    current: () => live,
    refresh: async () => live,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {},
  };
  const publish = (versionId: number) => {
    live = { versionId, figures: live.figures };
    for (const listener of listeners) listener(live);
  };
  return { source, publish };
}

const built = (prerendered: string): StaticFile & { prerendered: string } => ({
  body: Buffer.from("built"),
  contentType: "text/html; charset=utf-8",
  etag: '"built"',
  cacheControl: "public, max-age=0, must-revalidate",
  prerendered,
});

describe("the prerendered pages once a promotion version is live (decision 320)", () => {
  it.each([
    ["index.html", "/"],
    ["about-us/index.html", "/about-us"],
    ["about-us.data", "/about-us.data"],
    ["_root.data", "/_root.data"],
  ])("renders %s by its URL path %s", (file, url) => expect(urlPathOf(file)).toBe(url));

  it("answers the build's file while the code's figures stand, then the app until its copy is rendered, then the copy; a publication clears it", async () => {
    const { source, publish } = fakeSource();
    const pages = createRenderedPages({ promotions: source, log: createLogger("silent") });
    const asked: string[] = [];
    let version = 0;
    pages.setRenderer(async (urlPath) => {
      asked.push(urlPath);
      return new Response(`<p>version ${version}</p>`.padEnd(600, " "), { status: 200 });
    });
    const file = built("secured-homeowner-loan/index.html");
    expect(pages.pick(file)).toBe(file);
    expect(asked).toEqual([]);

    version = 1;
    publish(1);
    expect(pages.pick(file)).toBeNull();
    await pages.settled();
    const copy = pages.pick(file);
    expect(copy?.body.toString().trim()).toBe("<p>version 1</p>");
    expect(copy?.brotli).toBeDefined();
    expect(asked).toEqual(["/secured-homeowner-loan"]);

    // The next publication renders again at once the pages visitors asked for.
    version = 2;
    publish(2);
    await pages.settled();
    expect(pages.pick(file)?.body.toString().trim()).toBe("<p>version 2</p>");
    expect(asked).toEqual(["/secured-homeowner-loan", "/secured-homeowner-loan"]);
  });

  it("keeps no copy of a page that did not render, and leaves it to the app", async () => {
    const { source, publish } = fakeSource();
    const pages = createRenderedPages({ promotions: source, log: createLogger("silent") });
    pages.setRenderer(async () => new Response("gone", { status: 500 }));
    publish(1);
    const file = built("loans/index.html");
    expect(pages.pick(file)).toBeNull();
    await pages.settled();
    expect(pages.pick(file)).toBeNull();
  });
});
