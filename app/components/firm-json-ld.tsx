import type { SiteConfig } from "~/config.server";
import { isoClockTime, WEEKDAY_NAMES } from "~/domain/opening-hours";
import { JsonLd } from "./json-ld";
import { useSite } from "./site-config";

/** schema.org FinancialService data describing the firm, from the configuration (D9). */
export function firmData(site: SiteConfig) {
  const [street, locality, postalCode] = splitAddress(site.registeredAddress);
  return {
    "@context": "https://schema.org",
    "@type": "FinancialService",
    "@id": `${site.siteUrl}/#organization`,
    name: site.brandName,
    legalName: site.companyName,
    url: `${site.siteUrl}/`,
    logo: `${site.siteUrl}/favicon.svg`,
    telephone: site.phone,
    email: site.contactEmail,
    foundingDate: String(site.establishedYear),
    description: `${site.brandName} is a UK credit broker, not a lender, arranging secured homeowner loans from a panel of lenders.`,
    areaServed: { "@type": "Country", name: "United Kingdom" },
    address: {
      "@type": "PostalAddress",
      streetAddress: street,
      addressLocality: locality,
      postalCode,
      addressCountry: "GB",
    },
    openingHoursSpecification: site.openingPeriods.map((period) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: period.days.map((day) => WEEKDAY_NAMES[day]),
      opens: isoClockTime(period.opens),
      closes: isoClockTime(period.closes),
    })),
    identifier: { "@type": "PropertyValue", propertyID: "FCA firm reference number", value: site.fcaFirmReference },
  };
}

/** "1 Harbourside Quay, Bristol, BS1 5TY" → street, town, postcode (the last two parts). */
function splitAddress(address: string): [string, string | undefined, string | undefined] {
  const parts = address.split(",").map((p) => p.trim());
  if (parts.length < 3) return [address, undefined, undefined];
  const postalCode = parts.pop();
  const locality = parts.pop();
  return [parts.join(", "), locality, postalCode];
}

/** The firm as a FinancialService, once per page (rendered by the root layout). */
export function FirmJsonLd() {
  return <JsonLd data={firmData(useSite())} />;
}
