/**
 * A paid order's purchase documents (decision 047): each one a download of the stored PDF, a
 * correction marked with the document it corrects. The member's and the staff's order pages show it.
 */
import { Download } from "~/components/ui/icons";

export interface PurchaseDocumentLink {
  number: number;
  label: string;
  correctsLabel: string | null;
}

export function PurchaseDocumentsList({ documents, hrefBase }: { documents: readonly PurchaseDocumentLink[]; hrefBase: string }) {
  if (documents.length === 0) return null;
  return (
    <ul className="grid gap-2" data-testid="purchase-documents">
      {documents.map((document) => (
        <li key={document.number}>
          <a href={`${hrefBase}/${document.number}`} download className="inline-flex items-center gap-2 text-sm font-medium underline">
            <Download className="size-4 shrink-0" aria-hidden="true" />
            Avräkningsnota {document.label} (PDF)
          </a>
          {document.correctsLabel ? <span className="block text-xs text-muted-foreground">Rättelse av {document.correctsLabel}</span> : null}
        </li>
      ))}
    </ul>
  );
}
