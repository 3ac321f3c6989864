import { Link } from "react-router";
import { COMPLAINTS, COOLING_OFF_DAYS, TERMS_LAST_UPDATED } from "~/content/legal";
import { REPOSSESSION_WARNING, SECURED_DEBT_CONSOLIDATION_WARNING } from "~/domain/finance";
import { useSite } from "../site-config";
import { ExternalBody, LegalText } from "./legal-text";

/**
 * The full terms of business (spec section 2): who we are, that we are a credit broker
 * and not a lender, commission and fees, cooling-off, complaints, the ombudsman, the
 * compensation scheme and the repossession warning. Headings start at h2: the page and
 * the eligibility form's dialog give it its h1 or dialog title.
 */
export function TermsOfBusinessContent() {
  const site = useSite();
  const tel = site.phone.replace(/\s/g, "");
  return (
    <LegalText>
      <p className="text-sm text-slate-600">Last updated: {TERMS_LAST_UPDATED}</p>
      <p>
        These terms explain the service {site.brandName} provides, how we are paid and what you can do if you are
        unhappy. Please read them before you ask us to find you a loan. They apply from the moment you submit an enquiry
        to us.
      </p>

      <h2>1. About us</h2>
      <p>
        {site.brandName} is a trading style of {site.companyName}, a company registered in England and Wales (company
        number {site.companyNumber}) with its registered office at {site.registeredAddress}. We have helped homeowners
        borrow since {site.establishedYear}.
      </p>
      <p>
        {site.companyName} is authorised and regulated by the Financial Conduct Authority (FCA) as a credit broker, firm
        reference number {site.fcaFirmReference}. You can check our details on the{" "}
        <a href="https://register.fca.org.uk/">Financial Services Register</a> or by calling the FCA on 0800 111 6768.
      </p>

      <h2>2. We are a credit broker, not a lender</h2>
      <p>
        We do not lend money ourselves. We introduce you to lenders, and for some loans to other specialist brokers, who
        may be able to offer you credit. We work with a panel of lenders; we do not cover every lender in the market,
        and we will tell you if a loan is available only through one lender. Whether to lend, and on what terms, is
        always the lender's decision.
      </p>
      <p>
        For secured loans our advisers will recommend a loan from our panel that suits your needs and circumstances and
        explain why. For personal (unsecured) loans we pass you to a partner, who will tell you about its own service
        and terms before you apply.
      </p>

      <h2>3. What we will do for you</h2>
      <ul>
        <li>Ask about your needs and circumstances, including your income, outgoings and the equity in your home.</li>
        <li>Search our panel for loans you are likely to be accepted for, and explain their features and costs.</li>
        <li>Help you complete the lender's application and keep you informed until your loan completes or you stop.</li>
        <li>Give you a representative example and the lender's own documents before you commit to anything.</li>
      </ul>
      <p>
        You agree to give us information that is true and complete. Giving false or misleading information to obtain
        credit is fraud, and lenders check what you tell them.
      </p>

      <h2>4. Credit searches</h2>
      <p>
        Checking your eligibility with us does not affect your credit score: we and our lenders use a soft search, which
        other lenders cannot see. If you choose to apply, the lender will carry out a full (hard) search with one or
        more credit reference agencies, which is recorded on your credit file. We will tell you before that happens.
      </p>

      <h2>5. Commission and fees</h2>
      <p>
        We charge you no upfront fee. You pay us nothing to check your eligibility, talk to an adviser or receive a
        recommendation.
      </p>
      <p>
        When a loan completes, the lender usually pays us a commission. It is normally a percentage of the amount you
        borrow, and it varies from lender to lender and product to product. The commission does not change the rate you
        are offered. We will tell you, in writing and before you sign the loan agreement, whether we will receive
        commission, how much it is or how it is worked out, and you can ask us for these details at any time.
      </p>
      <p>
        If we ever charge a broker fee for a particular case, we will tell you its amount in writing before you proceed
        and it will be payable only when your loan completes. The lender may charge its own fees, such as a valuation or
        arrangement fee; these are set out in the lender's documents and in the representative example you receive.
      </p>

      <h2>6. Your right to cancel ({COOLING_OFF_DAYS}-day cooling-off)</h2>
      <p>
        You may cancel our service, without giving a reason and at no cost, within {COOLING_OFF_DAYS} days of the day
        you submit your enquiry. Tell us by phone on <a href={`tel:${tel}`}>{site.phone}</a>, by email to{" "}
        <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a> or by post to our registered office.
      </p>
      <p>
        A loan agreement has cancellation rights of its own, which the lender will explain. For most personal loans you
        can withdraw within {COOLING_OFF_DAYS} days of the agreement under the Consumer Credit Act 1974. For a secured
        loan the lender gives you a reflection period of at least seven days to consider its binding offer before you
        accept it, and you can accept sooner if you wish. You may repay a loan early; the lender may charge an early
        repayment fee, which its documents will show.
      </p>

      <h2>7. Your home is at risk</h2>
      <p className="rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 font-semibold text-amber-950">
        {REPOSSESSION_WARNING}
      </p>
      <p>
        A homeowner loan is secured against your property, usually behind your mortgage.{" "}
        {SECURED_DEBT_CONSOLIDATION_WARNING} Consolidating unsecured debts into a secured loan over a longer term may
        lower your monthly payment but can increase the total you repay. If you are worried about debt, free and
        impartial help is available from <a href="https://www.moneyhelper.org.uk/">MoneyHelper</a> on 0800 138 7777.
      </p>

      <h2>8. Your information</h2>
      <p>
        We use your personal information to find you a loan, and share it with the lenders and brokers we introduce you
        to. Our <Link to="/privacy-policy">privacy policy</Link> explains what we collect, why, who we share it with,
        how long we keep it and your rights.
      </p>

      <h2 id="complaints">9. Complaints</h2>
      <p>We want to hear if something has gone wrong, so we can put it right. To complain:</p>
      <ol>
        <li>
          Use our <a href="/make-a-complaint">complaint form</a>, or contact us by phone on <a href={`tel:${tel}`}>{site.phone}</a> ({site.openingHours}), by email to{" "}
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a> or in writing to Complaints,{" "}
          {site.companyName}, {site.registeredAddress}.
        </li>
        <li>
          We will acknowledge your complaint within {COMPLAINTS.acknowledgeWithinBusinessDays} business days and tell
          you who is handling it.
        </li>
        <li>
          We aim to resolve it as quickly as we can, and will send you our final response within{" "}
          {COMPLAINTS.finalResponseWithinWeeks} weeks of receiving it. If we cannot, we will write to explain why and
          tell you when we expect to respond.
        </li>
        <li>
          If you are not happy with our final response, or we have not sent one within{" "}
          {COMPLAINTS.finalResponseWithinWeeks} weeks, you can refer your complaint to the Financial Ombudsman Service,
          free of charge, within six months of our final response.
        </li>
      </ol>
      <p>A complaint about a lender's decision or its loan should go to the lender first; we will help you with it.</p>

      <h2>10. Financial Ombudsman Service</h2>
      <p>
        The Financial Ombudsman Service settles disputes between consumers and financial businesses independently and
        free of charge.
      </p>
      <ExternalBody
        name="Financial Ombudsman Service"
        lines={[
          "Exchange Tower, London E14 9SR",
          "Telephone 0800 023 4567",
          <a key="fos" href="https://www.financial-ombudsman.org.uk/">
            www.financial-ombudsman.org.uk
          </a>,
        ]}
      />

      <h2>11. Financial Services Compensation Scheme</h2>
      <p>
        We are covered by the Financial Services Compensation Scheme (FSCS). You may be entitled to compensation if we
        cannot meet our obligations to you, for example if we stop trading owing money to you. Arranging a loan is
        covered up to £85,000 per person. Find out more from the FSCS on 0800 678 1100 or at{" "}
        <a href="https://www.fscs.org.uk/">www.fscs.org.uk</a>.
      </p>

      <h2>12. Changes, law and language</h2>
      <p>
        We may update these terms, for example when the law or our service changes; the version that applies is the one
        in force when you submitted your enquiry, and the date above shows when they last changed. These terms are
        governed by the law of England and Wales, and the courts of the part of the United Kingdom where you live may
        hear any dispute. We will communicate with you in English.
      </p>
    </LegalText>
  );
}
