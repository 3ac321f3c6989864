import { lazy, Suspense } from "react";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";

export type LegalDocument = "terms" | "privacy";

const TermsOfBusinessContent = lazy(() =>
  import("~/components/legal/terms-of-business").then((m) => ({ default: m.TermsOfBusinessContent })),
);
const PrivacyPolicyContent = lazy(() =>
  import("~/components/legal/privacy-policy").then((m) => ({ default: m.PrivacyPolicyContent })),
);

const TITLES: Record<LegalDocument, string> = { terms: "Terms of Business", privacy: "Privacy Policy" };

interface LegalDialogProps {
  document: LegalDocument;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The link that opened it (opened from a plain button, not a Radix trigger). */
  returnFocusTo(): HTMLElement | null;
}

/** One legal document in a dialog over the form. */
export default function LegalDialog({ document, open, onOpenChange, returnFocusTo }: LegalDialogProps) {
  const title = TITLES[document];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo()?.focus();
        }}
      >
        <Suspense fallback={<Spinner label={`Loading the ${title}...`} className="py-12" />}>
          {document === "terms" ? <TermsOfBusinessContent /> : <PrivacyPolicyContent />}
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
