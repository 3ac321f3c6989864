/**
 * A <script type="application/ld+json"> block. It is data, never executed, so the CSP
 * lets it through (server/platform/security.ts); `<` is escaped so no text in it can close the
 * script element early.
 */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data with `<` escaped, never executed
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
