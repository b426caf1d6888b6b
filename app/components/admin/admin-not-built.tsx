/** A tab that is not built yet says so plainly: no numbers until real ones exist. */
import { Construction } from "~/components/ui/icons";
import { adminTab, type AdminTabId } from "~/modules/admin/admin-tabs";

export function AdminNotBuilt({ tab: tabId }: { tab: AdminTabId }) {
  const tab = adminTab(tabId);
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center rounded-xl border border-dashed bg-card px-6 py-14 text-center"
      data-testid="admin-not-built"
      aria-labelledby="admin-not-built-title"
    >
      <span className="flex size-12 items-center justify-center rounded-xl bg-muted text-muted-foreground">
        <Construction className="size-6" aria-hidden="true" />
      </span>
      <h2 id="admin-not-built-title" className="mt-5 text-xl font-bold">
        Fliken är inte byggd ännu
      </h2>
      <p className="mt-2 text-muted-foreground">{tab.summary}</p>
      <p className="mt-4 text-sm text-muted-foreground">
        Den här delen av adminpanelen är under arbete. Här visas inga siffror eller listor förrän den är klar.
      </p>
    </section>
  );
}
