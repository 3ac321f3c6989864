import { Link } from "react-router";
import { COOKIES, PRIVACY_LAST_UPDATED, RETENTION } from "~/content/legal";
import { useSite } from "../site-config";
import { ExternalBody, LegalText } from "./legal-text";

/**
 * The full privacy policy (spec section 2): data collected, use, legal bases, sharing,
 * retention (section 9's periods), rights, security and the regulator for complaints.
 * Headings start at h2: the page and the eligibility form's dialog supply the title.
 */
export function PrivacyPolicyContent() {
  const site = useSite();
  const tel = site.phone.replace(/\s/g, "");
  return (
    <LegalText>
      <p className="text-sm text-slate-600">Last updated: {PRIVACY_LAST_UPDATED}</p>
      <p>
        This policy explains how {site.companyName}, trading as {site.brandName}, collects and uses your personal
        information when you visit our website, check your eligibility, apply for a loan through us or contact us, and
        the rights you have under UK data protection law (the UK GDPR and the Data Protection Act 2018).
      </p>

      <h2>1. Who we are</h2>
      <p>
        {site.companyName} (company number {site.companyNumber}), {site.registeredAddress}, is the controller of your
        personal information. For any question about this policy or your information, contact our data protection lead
        at <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>, on <a href={`tel:${tel}`}>{site.phone}</a>{" "}
        or by post to the address above, marked "Data protection".
      </p>

      <h2>2. The information we collect</h2>
      <h3>Information you give us</h3>
      <ul>
        <li>Identity and contact details: your name, email address, phone number and age range.</li>
        <li>
          What you want to borrow: the amount, what it is for, and whether you own your home outright, with a mortgage,
          or rent.
        </li>
        <li>
          Your financial circumstances: your income, employment status, property value, mortgage balance and how you
          describe your credit history.
        </li>
        <li>What you write to us in a message, and notes of our phone calls with you.</li>
        <li>If you create an account: your name, email address and a securely hashed password.</li>
      </ul>
      <h3>Information we collect automatically</h3>
      <ul>
        <li>
          Technical information: your IP address, browser and device type, and the page you first landed on, which tells
          us which of our pages or adverts brought you to us.
        </li>
        <li>
          Cookies: essential cookies always, and analytics and advertising cookies only if you agree. Our{" "}
          <Link to="/cookie-policy">cookie policy</Link> lists them.
        </li>
      </ul>
      <h3>Information from others</h3>
      <p>
        When you apply, lenders obtain information about you from credit reference agencies (Experian, Equifax and
        TransUnion) and fraud prevention agencies, and may share their decision with us.
      </p>

      <h2>3. How we use your information, and our legal bases</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">What we do</th>
            <th scope="col">Legal basis</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Assess your enquiry, find lenders likely to accept you and help you apply</td>
            <td>Steps you ask us to take before entering into a contract, and performing our contract with you</td>
          </tr>
          <tr>
            <td>Contact you by phone and email about your enquiry or message</td>
            <td>Performing our contract with you, and our legitimate interest in answering you</td>
          </tr>
          <tr>
            <td>Keep records, prevent fraud and money laundering, and answer our regulator</td>
            <td>Legal obligation, and our legitimate interest in preventing fraud</td>
          </tr>
          <tr>
            <td>Handle complaints and defend legal claims</td>
            <td>Legal obligation and our legitimate interests</td>
          </tr>
          <tr>
            <td>Understand how our website is used, and measure our adverts</td>
            <td>Your consent, which you can withdraw at any time</td>
          </tr>
          <tr>
            <td>Send you news about other products</td>
            <td>Your consent; we do not send marketing without it</td>
          </tr>
        </tbody>
      </table>
      <h3>What would help when we speak to you</h3>
      <p>
        After you send an enquiry, and at any time in your account for the enquiries you send while signed in, we ask
        (you do not have to answer) what would help when we speak to you: contact by email rather than by phone, calls
        only at a time you set, someone else to speak for you, more time to decide, or things explained in writing, and
        anything else we should know. Our advisers may also note, after talking with you, circumstances that mean you
        need more care from us (a health condition, a life event such as a bereavement, little room to absorb a shock,
        or difficulty with money matters, English or being online) and what we will do differently. We do this because
        our regulator expects us to notice and support customers in vulnerable circumstances, and to show that they are
        treated as well as anyone; our legal basis is our legal obligation and our legitimate interest in looking after
        you.
      </p>
      <p>
        Information about your health is kept only if you give it and tick the box agreeing that we may keep it (your
        explicit consent, UK GDPR article 9(2)(a)). You can withdraw that consent at any time, in your account or by
        contacting us, and we then delete what you told us about your health straight away. What you tell us after
        sending an enquiry belongs to that enquiry alone: we never show it to anyone else who uses your email address,
        and never show them what you tell us in your account. Only the advisers and managers who work on enquiries see
        any of this; each time they look at it or change it we record that they did, without recording what it says. We
        keep it no longer than the enquiry it belongs to (below), and it is erased with the rest of your details if you
        ask. Our reports to our board count how many enquiries had such a record and how they went, never who they were,
        and show no figures for a group of fewer than 10.
      </p>

      <h2>4. Who we share it with</h2>
      <ul>
        <li>The lenders on our panel you ask us to approach, and the lender you apply to.</li>
        <li>
          Partner brokers and lenders we introduce you to for products we do not arrange ourselves (for example personal
          loans through {site.partners.a.name} or {site.partners.b.name}); they become controllers of what you give
          them.
        </li>
        <li>Credit reference and fraud prevention agencies, through the lenders.</li>
        <li>
          Service providers who work for us under contract: hosting, email delivery, telephone systems and, with your
          consent, analytics and advertising measurement (Google).
        </li>
        <li>
          The Financial Conduct Authority, the Financial Ombudsman Service, the police and other authorities where the
          law requires it.
        </li>
      </ul>
      <p>
        We never sell your information. Where a provider handles information outside the UK, we make sure it is
        protected by an adequacy decision or the UK's standard contractual clauses.
      </p>

      <h2>5. How long we keep it</h2>
      <ul>
        <li>
          If your loan completes: {RETENTION.completedLeadYears} years from completion, as the law and our regulator
          require.
        </li>
        <li>
          If your enquiry does not lead to a loan: {RETENTION.otherLeadYears} years from your last contact with us.
        </li>
        <li>
          What would help when we speak to you, and our notes of the care you need: as long as the enquiry it belongs
          to, and never longer. Health details: until you withdraw your consent, and never longer than that enquiry.
        </li>
        <li>
          Messages sent through our contact form: {RETENTION.contactMessageYears} years from your last contact with us.
        </li>
        <li>
          An online account whose email address is never confirmed: {RETENTION.unconfirmedAccountDays} days from
          sign-up.
        </li>
        <li>
          A complaint you make, and our letters about it: {RETENTION.complaintYears} years from when we close it, as our
          regulator requires, even if you ask us to erase your details before then.
        </li>
        <li>
          A request you send us from your account to correct your details: {RETENTION.correctionRequestYears} years from
          when we answer it, or until you delete your account if that is sooner.
        </li>
        <li>
          Our record of which of our staff saw or changed your details: {RETENTION.auditYears} years, as our regulator
          requires. It holds no more than a reference to your enquiry.
        </li>
        <li>Analytics data, if you agreed to analytics cookies: {RETENTION.analyticsMonths} months.</li>
      </ul>
      <p>
        After that we delete it, with the emails we sent you about it. An automated job checks every day and removes
        whatever has reached the end of its period.
      </p>
      <p>
        We also keep backup copies of our records for a few weeks at most, so that we do not lose them if a computer
        fails. Until a backup is deleted, it still holds what we have since deleted, including what we erased at your
        request. We use backups only to put our records back after a failure, and if we ever do, we delete again what
        was erased after the backup was taken.
      </p>

      <h2>6. Your rights</h2>
      <p>You have the right to:</p>
      <ul>
        <li>ask for a copy of the personal information we hold about you;</li>
        <li>have inaccurate information corrected;</li>
        <li>have your information deleted, where we no longer need to keep it;</li>
        <li>restrict or object to our use of it, including any use for direct marketing;</li>
        <li>receive information you gave us in a portable format;</li>
        <li>withdraw your consent at any time, for example by changing your cookie settings in the page footer;</li>
        <li>
          not be subject to a decision based solely on automated processing that significantly affects you. We make no
          such decisions; lenders that score applications automatically will tell you and let you ask for a person to
          review it.
        </li>
      </ul>
      <p>
        To use any of these rights, contact us as in section 1. It is free, and we will answer within one month. If you
        have an account, you can also correct your name and phone number, and ask us to correct anything else, on your
        account page.
      </p>

      <h2>7. How we keep it safe</h2>
      <p>
        Our website uses encrypted connections (HTTPS). Your information is stored on secured servers, access is limited
        to staff who need it for their work, passwords are stored only as strong one-way hashes, and our staff are
        trained in data protection. No method of sending information over the internet is completely secure, so please
        do not email us bank details.
      </p>

      <h2>8. Cookies</h2>
      <p>
        We use {COOKIES.filter((c) => c.category === "essential").length} essential cookies that the site needs to work.
        Analytics and advertising cookies are set only if you accept them in our cookie banner, and you can change your
        choice at any time with the Cookie settings button in the footer. Your choice is remembered for one year. See
        our <Link to="/cookie-policy">cookie policy</Link> for each cookie and how long it lasts.
      </p>
      <p>
        Without any cookie, we count how many visitors reach each step of our forms and which advertising campaign
        brought them, as totals for each day. Nothing is stored on your device for this, and the totals hold nothing
        that could identify you.
      </p>

      <h2>9. Complaints to the regulator</h2>
      <p>
        If you are unhappy with how we have used your information, please tell us first so we can try to put it right.
        You also have the right to complain to the Information Commissioner's Office, the UK regulator for data
        protection:
      </p>
      <ExternalBody
        name="Information Commissioner's Office"
        lines={[
          "Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF",
          "Telephone 0303 123 1113",
          <a key="ico" href="https://ico.org.uk/make-a-complaint/">
            ico.org.uk/make-a-complaint
          </a>,
        ]}
      />

      <h2>10. Changes to this policy</h2>
      <p>
        We will update this policy when our use of your information changes. The date at the top shows when it last
        changed; if a change affects you significantly, we will tell you.
      </p>
    </LegalText>
  );
}
