import { Loader2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";

/** The account forms' full-width submit button, with a spinner and its own label while sending. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: React.ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={busy} className="w-full">
      {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
      {busy ? busyLabel : children}
    </Button>
  );
}
