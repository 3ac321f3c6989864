import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import type { LegalDocument } from "./legal-dialog";

// The dialog (Radix) and the documents load when first wanted (hover, focus or press),
// not with the form: they are a fifth of its script and most borrowers never open them.
const loadDialog = () => import("./legal-dialog");
const LegalDialog = lazy(loadDialog);

const linkClass =
  "font-semibold text-brand-700 underline hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus";

/**
 * "Read our Terms of Business and Privacy Policy": each opens in a dialog over the form,
 * showing the same documents as the /terms-of-business and /privacy-policy pages.
 * Closing it puts the focus back on the link that opened it.
 */
export function LegalDialogs() {
  const [document, setDocument] = useState<LegalDocument | null>(null);
  const [open, setOpen] = useState(false);
  const triggers = useRef<Partial<Record<LegalDocument, HTMLButtonElement | null>>>({});
  const trigger = (which: LegalDocument, label: string) => (
    <button
      ref={(element) => {
        triggers.current[which] = element;
      }}
      type="button"
      className={linkClass}
      aria-haspopup="dialog"
      onPointerEnter={() => void loadDialog()}
      onFocus={() => void loadDialog()}
      onClick={() => {
        setDocument(which);
        setOpen(true);
      }}
    >
      {label}
    </button>
  );
  return (
    <>
      <LegalLines terms={trigger("terms", "Terms of Business")} privacy={trigger("privacy", "Privacy Policy")}>
        They open here, without losing your answers.
      </LegalLines>
      {document && (
        <Suspense fallback={null}>
          <LegalDialog
            document={document}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={() => triggers.current[document] ?? null}
          />
        </Suspense>
      )}
    </>
  );
}

/** Before the script runs: the same documents as their own pages, in a new tab so the form stays as it is. */
export function LegalLinks() {
  const link = (href: string, label: string) => (
    <a href={href} target="_blank" rel="noopener" className={linkClass}>
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
  return (
    <LegalLines
      terms={link("/terms-of-business", "Terms of Business")}
      privacy={link("/privacy-policy", "Privacy Policy")}
    >
      Each opens in a new tab.
    </LegalLines>
  );
}

/**
 * Two separate lines (D30): the terms the borrower agrees to with the box above, and the
 * privacy notice they are told of, which asks for no agreement.
 */
function LegalLines({ terms, privacy, children }: { terms: ReactNode; privacy: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p>Read our {terms} before you agree to them.</p>
      <p>
        Our {privacy} tells you how we use your details and your rights over them. {children}
      </p>
    </div>
  );
}
