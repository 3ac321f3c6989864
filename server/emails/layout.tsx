import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { type CSSProperties, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SiteConfig } from "../../app/config.server";
import type { MailMessage } from "../platform/mail";

/** A one-time link, shown as a button with its address beneath it in HTML, and as the bare address in text. */
export interface EmailLink {
  label: string;
  url: string;
}

export interface EmailContent {
  to: string;
  subject: string;
  /** The first line, e.g. "Thank you, Jane." */
  heading: string;
  /** Paragraphs of plain text, and the links between them. */
  paragraphs: (string | EmailLink)[];
  /** Label and value pairs, one under the other (a lead's answers). */
  details?: [label: string, value: string][];
  /** Where a reply goes: the borrower, for the broker's copies; otherwise the firm's contact address. */
  replyTo?: string;
}

// The doctype react-email's own renderer writes: mail clients (Outlook above all) lay
// tables out as the library expects under it.
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

const ink = "#1e293b";
const muted = "#475569";
// A long address or URL breaks anywhere rather than widening the email past a phone's
// screen (set on each section; its paragraphs inherit it).
const wrap: CSSProperties = { wordBreak: "break-word", overflowWrap: "break-word" };
const spaced = (top: string, bottom: string): CSSProperties => ({ marginTop: top, marginBottom: bottom });
const bodyText: CSSProperties = { fontSize: "16px", lineHeight: "24px", color: ink, ...spaced("0", "12px") };
const styles = {
  body: { margin: 0, padding: "16px 8px", backgroundColor: "#f1f5f9", fontFamily: "Arial, Helvetica, sans-serif" },
  card: { maxWidth: "600px", width: "100%", backgroundColor: "#ffffff", borderRadius: "8px" },
  brand: {
    backgroundColor: "#1b3a5e",
    color: "#ffffff",
    padding: "16px 20px",
    fontSize: "20px",
    lineHeight: "28px",
    fontWeight: "bold",
    borderRadius: "8px 8px 0 0",
    ...wrap,
  },
  main: { padding: "20px", ...wrap },
  heading: { fontSize: "22px", lineHeight: "28px", margin: "0 0 16px", color: ink },
  text: bodyText,
  button: {
    backgroundColor: "#0f7360",
    color: "#ffffff",
    fontSize: "16px",
    lineHeight: "24px",
    fontWeight: "bold",
    padding: "12px 20px",
    borderRadius: "6px",
  },
  buttonRow: { margin: "16px 0 8px" },
  address: { ...bodyText, color: muted, ...spaced("0", "16px") },
  details: { marginTop: "16px", borderTop: "1px solid #e2e8f0", paddingTop: "12px" },
  label: { ...bodyText, color: muted, fontWeight: "bold", ...spaced("0", "0") },
  value: bodyText,
  footer: { padding: "16px 20px", borderTop: "1px solid #e2e8f0", ...wrap },
  footerText: { fontSize: "14px", lineHeight: "20px", color: muted, ...spaced("0", "8px") },
} satisfies Record<string, CSSProperties>;

function regulatoryFooter(site: SiteConfig) {
  return [
    `${site.brandName} is a trading style of ${site.companyName}, authorised and regulated by the Financial Conduct Authority (firm reference ${site.fcaFirmReference}). We are a credit broker, not a lender. Registered office: ${site.registeredAddress}.`,
    `${site.phone} · ${site.contactEmail}`,
  ];
}

/** What the HTML part shows: every string as it is to be read (the markup escapes it). */
export interface EmailView {
  subject: string;
  brandName: string;
  heading: string;
  paragraphs: (string | EmailLink)[];
  details: [label: string, value: string][];
  footer: string[];
}

/** The HTML part, in react-email's components. */
export function EmailHtml({ view }: { view: EmailView }) {
  return (
    <Html lang="en-GB">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{view.subject}</title>
      </Head>
      <Body style={styles.body}>
        <Container style={styles.card}>
          <Section style={styles.brand}>{view.brandName}</Section>
          <Section style={styles.main}>
            <Heading as="h1" style={styles.heading}>
              {view.heading}
            </Heading>
            {view.paragraphs.map((paragraph, i) =>
              typeof paragraph === "string" ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered once
                <Text key={i} style={styles.text}>
                  {paragraph}
                </Text>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered once
                <Fragment key={i}>
                  <Section style={styles.buttonRow}>
                    <Button href={paragraph.url} style={styles.button}>
                      {paragraph.label}
                    </Button>
                  </Section>
                  <Text style={styles.address}>Or copy this address into your browser: {paragraph.url}</Text>
                </Fragment>
              ),
            )}
            {view.details.length ? (
              <Section style={styles.details}>
                {view.details.map(([label, value], i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered once
                  <Fragment key={i}>
                    <Text style={styles.label}>{label}</Text>
                    <Text style={styles.value}>{value}</Text>
                  </Fragment>
                ))}
              </Section>
            ) : null}
          </Section>
          <Section style={styles.footer}>
            {view.footer.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered once
              <Text key={i} style={styles.footerText}>
                {line}
              </Text>
            ))}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The whole HTML document, rendered by React now (synchronously: builders run inside the request that queues them). */
export const renderEmailHtml = (view: EmailView) => DOCTYPE + renderToStaticMarkup(<EmailHtml view={view} />);

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

// Rendering the component tree for a quote's two emails costs about 0.5 ms, most of what
// the whole quote cost the server before (0.63 ms, decision 057). So each shape of email
// (how many paragraphs, which of them links, how many details: a handful, one or two per
// kind of email) is rendered once with numbered slots for its strings, and each email
// fills its slots, escaped as React escapes text and attributes (decision 101). The slot
// marks are private-use characters, which React's escaping leaves as they are.
const SLOT = /\uE000(\d+)\uE001/g;
const templates = new Map<string, string>();

function viewOf(site: SiteConfig, content: EmailContent): EmailView {
  return {
    subject: content.subject,
    brandName: site.brandName,
    heading: content.heading,
    paragraphs: content.paragraphs,
    details: content.details ?? [],
    footer: regulatoryFooter(site),
  };
}

function htmlOf(view: EmailView): string {
  const values: string[] = [];
  const slot = (value: string) => `\uE000${values.push(value) - 1}\uE001`;
  const slotted: EmailView = {
    subject: slot(view.subject),
    brandName: slot(view.brandName),
    heading: slot(view.heading),
    paragraphs: view.paragraphs.map((p) =>
      typeof p === "string" ? slot(p) : { label: slot(p.label), url: slot(p.url) },
    ),
    details: view.details.map(([label, value]) => [slot(label), slot(value)]),
    footer: view.footer.map(slot),
  };
  const shape = `${view.paragraphs.map((p) => (typeof p === "string" ? "p" : "a")).join("")}/${view.details.length}/${view.footer.length}`;
  let template = templates.get(shape);
  if (template === undefined) {
    template = renderEmailHtml(slotted);
    templates.set(shape, template);
  }
  return template.replace(SLOT, (_, i: string) => escapeHtml(values[Number(i)] ?? ""));
}

/**
 * Every email the site sends, in one readable shape: an HTML body built from react-email's
 * components (tables and inline styles that survive mail clients, fluid up to 600 px so
 * a phone shows it at its own width with 16 px text) and the same words as plain text,
 * both ending with the firm's regulatory footer.
 */
export function renderEmail(site: SiteConfig, content: EmailContent): MailMessage {
  const view = viewOf(site, content);
  const text = [
    view.heading,
    "",
    ...view.paragraphs.flatMap((p) => [typeof p === "string" ? p : p.url, ""]),
    ...view.details.map(([label, value]) => `${label}: ${value}`),
    "",
    "--",
    ...view.footer,
  ].join("\n");
  // Mail comes from a no-reply sender; a borrower who answers it reaches the firm.
  return {
    to: content.to,
    subject: content.subject,
    html: htmlOf(view),
    text,
    replyTo: content.replyTo ?? site.contactEmail,
  };
}
