import { describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  isFromOurPages,
  newNonce,
  publicRequest,
  securityHeaders,
  withoutTrailingSlash,
} from "./security";

// The headers every response carries and the checks on where a request came from
// (decisions 004 and 090), as pure functions: the server tests prove they are
// applied, these prove what they say.

const SITE = "https://www.harbourside-loans.example";

describe("inline scripts", () => {
  it("get a nonce of 16 random bytes, new each time", () => {
    const nonces = new Set(Array.from({ length: 20 }, newNonce));
    expect(nonces.size).toBe(20);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("are vouched for by their SHA-256 in a prerendered page; sources and JSON data are not scripts to vouch for", () => {
    // sha256 of "" and of "alert(1)", base64: the CSP's own way to name a script.
    const empty = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
    const alert = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
    const html = [
      "<script>alert(1)</script>",
      '<script src="/assets/app.js"></script>',
      '<script type="module" src="/assets/entry.js"></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<script type='application/json'>{}</script>",
      "<script type=application/json>[]</script>",
      "<script>alert(1)</script>",
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([alert]);
    expect(inlineScriptHashes('<SCRIPT type="module"></SCRIPT>')).toEqual([empty]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });

  it("spanning lines are hashed whole", () => {
    const [hash] = inlineScriptHashes("<script>\nalert(1)\n</script>");
    expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(hash).not.toBe(inlineScriptHashes("<script>alert(1)</script>")[0]);
  });
});

describe("the content security policy", () => {
  const site = (env: Record<string, string> = {}) => readConfig({ NODE_ENV: "test", ...env }).site;

  it("allows our own scripts and the ones vouched for, nothing inline, no third party without ads", () => {
    expect(contentSecurityPolicy(site(), ["'nonce-abc'"]).split("; ")).toEqual([
      "default-src 'self'",
      "script-src 'self' 'nonce-abc'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https://www.google.co.uk",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-src https://www.google.com",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "base-uri 'self'",
      "object-src 'none'",
    ]);
  });

  it("lets Google's ad scripts load where a conversion id is configured, each named once", () => {
    const ads =
      "https://www.googletagmanager.com https://www.google-analytics.com https://googleads.g.doubleclick.net https://www.google.com";
    const directives = contentSecurityPolicy(site({ ADS_CONVERSION_ID: "AW-123456789/abc" }), ["'sha256-x'"]).split(
      "; ",
    );
    expect(directives).toContain(`script-src 'self' 'sha256-x' ${ads}`);
    expect(directives).toContain(`img-src 'self' data: ${ads} https://www.google.co.uk`);
    expect(directives).toContain(`connect-src 'self' ${ads}`);
    expect(directives).toContain(
      "frame-src https://www.google.com https://www.googletagmanager.com https://www.google-analytics.com https://googleads.g.doubleclick.net",
    );
  });
});

describe("security headers", () => {
  const common = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };

  it("are sent everywhere; HSTS for two years only in production (a local http server must not pin it)", () => {
    expect(securityHeaders(false)).toEqual(common);
    expect(securityHeaders(true)).toEqual({
      ...common,
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    });
  });
});

describe("the request as the visitor addressed it", () => {
  const request = (url: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    new Request(url, { headers, ...init });

  it.each([
    ["the site's own host takes the site's protocol", "http://www.harbourside-loans.example/apply", {}, 0, "https:"],
    [
      "another host without a trusted proxy stays as it came",
      "http://10.0.0.5:3000/apply",
      { "x-forwarded-proto": "https" },
      0,
      "http:",
    ],
    [
      "a trusted proxy's X-Forwarded-Proto",
      "http://10.0.0.5:3000/apply",
      { "x-forwarded-proto": "https" },
      1,
      "https:",
    ],
    [
      "the last proxy's word counts",
      "http://10.0.0.5:3000/apply",
      { "x-forwarded-proto": "http, HTTPS " },
      1,
      "https:",
    ],
    ["https down to http behind a proxy", "https://10.0.0.5:3000/apply", { "x-forwarded-proto": "http" }, 1, "http:"],
    ["anything but http or https is ignored", "http://10.0.0.5:3000/apply", { "x-forwarded-proto": "ftp" }, 1, "http:"],
    ["no header leaves it", "http://10.0.0.5:3000/apply", {}, 1, "http:"],
  ])("%s", (_rule, url, headers, hops, protocol) => {
    expect(new URL(publicRequest(request(url, headers), SITE, hops).url).protocol).toBe(protocol);
  });

  it("is the same request when nothing changes, and a copy with method, headers and body otherwise", async () => {
    const same = request("http://10.0.0.5:3000/apply");
    expect(publicRequest(same, SITE, 0)).toBe(same);

    const post = request(
      "http://www.harbourside-loans.example/apply?step=2",
      { "content-type": "text/plain", "x-test": "kept" },
      { method: "POST", body: "amount=25000" },
    );
    const seen = publicRequest(post, SITE, 0);
    expect(seen.url).toBe("https://www.harbourside-loans.example/apply?step=2");
    expect(seen.method).toBe("POST");
    expect(seen.headers.get("x-test")).toBe("kept");
    expect(await seen.text()).toBe("amount=25000");

    const get = publicRequest(request("http://www.harbourside-loans.example/"), SITE, 0);
    expect(get.method).toBe("GET");
    expect(get.body).toBeNull();
  });
});

describe("a write from our own pages", () => {
  it.each([
    ["no Fetch Metadata and no Origin (a script or an old browser)", {}, true],
    ["same-origin", { "sec-fetch-site": "same-origin" }, true],
    ["a typed address", { "sec-fetch-site": "none" }, true],
    ["another site", { "sec-fetch-site": "cross-site" }, false],
    ["a sibling subdomain", { "sec-fetch-site": "same-site" }, false],
    ["the site's Origin", { origin: SITE }, true],
    ["the request's own Origin (a server reached by address)", { origin: "http://10.0.0.5:3000" }, true],
    ["another Origin", { origin: "https://evil.example" }, false],
    [
      "same-origin metadata with another Origin",
      { "sec-fetch-site": "same-origin", origin: "https://evil.example" },
      false,
    ],
  ])("%s: %s", (_rule, headers, expected) => {
    const post = new Request("http://10.0.0.5:3000/api/quotes", { method: "POST", headers });
    expect(isFromOurPages(post, SITE)).toBe(expected);
  });
});

describe("the trailing-slash redirect (issue 26)", () => {
  // The request's URL as the server's parser leaves it (new URL resolves dot segments and
  // reads a backslash as a slash, as Node's server does before the app sees the path).
  it.each([
    ["/about-us/", "/about-us"],
    ["/about-us///", "/about-us"],
    ["/homeowner-loan-calculator/?amount=50000", "/homeowner-loan-calculator?amount=50000"],
    ["//evil.example/", "/evil.example"],
    ["///evil.example/", "/evil.example"],
    ["/.//evil.example/", "/evil.example"],
    ["/staff/..//evil.example/", "/evil.example"],
    ["/\\evil.example/", "/evil.example"],
    ["/%5Cevil.example/", "/%5Cevil.example"],
    ["/%2F%2Fevil.example/", "/%2F%2Fevil.example"],
    ["//evil.example/?next=//other.example", "/evil.example?next=//other.example"],
    ["//", "/"],
  ])("%s goes to %s, on this site", (path, expected) => {
    const target = withoutTrailingSlash(new URL(`${SITE}${path}`));
    expect(target).toBe(expected);
    expect(new URL(target, SITE).origin).toBe(SITE);
  });

  it("collapses a run of slashes and backslashes at the start, should a path arrive uncleaned", () => {
    expect(withoutTrailingSlash({ pathname: "/\\/\\evil.example/", search: "" } as URL)).toBe("/evil.example");
  });
});
