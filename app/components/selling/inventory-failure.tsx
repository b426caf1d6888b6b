import { INVENTORY_MESSAGES, STEAM_PRIVACY_URL } from "~/modules/selling/inventory-items";

/** Why an inventory could not be read, with Steam's privacy settings when it is private. */
export function InventoryFailure({ message, testId }: { message: string; testId: string }) {
  return (
    <div className="rounded-lg border border-destructive/40 p-4" role="alert" data-testid={testId}>
      <p>{message}</p>
      {message === INVENTORY_MESSAGES.private ? (
        <a href={STEAM_PRIVACY_URL} target="_blank" rel="noopener noreferrer" className="mt-2 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
          Öppna sekretessinställningarna i Steam <span className="sr-only">(öppnas i ny flik)</span>
        </a>
      ) : null}
    </div>
  );
}
