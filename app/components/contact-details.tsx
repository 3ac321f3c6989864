import { useSite } from "./site-config";

/** The firm's phone, email, hours and address, from the configuration (DECISIONS D9). */
export function ContactDetails({ className }: { className?: string }) {
  const site = useSite();
  return (
    <dl className={className ?? "grid gap-5 sm:grid-cols-2"}>
      <div>
        <dt className="text-sm font-semibold uppercase tracking-wide text-slate-600">Phone</dt>
        <dd className="mt-1 text-lg">
          <a href={`tel:${site.phone.replace(/\s/g, "")}`} className="font-semibold text-brand-700 underline">
            {site.phone}
          </a>
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold uppercase tracking-wide text-slate-600">Email</dt>
        <dd className="mt-1 text-lg break-words">
          <a href={`mailto:${site.contactEmail}`} className="font-semibold text-brand-700 underline">
            {site.contactEmail}
          </a>
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold uppercase tracking-wide text-slate-600">Opening hours</dt>
        <dd className="mt-1 text-lg">{site.openingHours}</dd>
      </div>
      <div>
        <dt className="text-sm font-semibold uppercase tracking-wide text-slate-600">Office</dt>
        <dd className="mt-1 text-lg">
          <address className="not-italic">
            {site.companyName}
            <br />
            {site.registeredAddress}
          </address>
        </dd>
      </div>
    </dl>
  );
}
