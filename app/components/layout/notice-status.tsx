/**
 * The one-shot notice a plain form post left (app/lib/notice.ts): "Utloggad", "Dina cookie-val
 * är sparade". Shown once where the toasts appear, and gone by itself after a few seconds.
 */
import { NOTICES } from "~/lib/notice";
import { usePreferences } from "~/lib/site-config";

export function NoticeStatus() {
  const { notice } = usePreferences();
  if (!notice) return null;
  const { title, description } = NOTICES[notice];
  return (
    <div
      role="status"
      data-testid="notice"
      className="notice-leave pointer-events-none fixed inset-x-0 top-[72px] z-50 flex justify-center px-4"
    >
      <div className="w-full max-w-sm rounded-lg border bg-popover p-4 text-sm text-popover-foreground shadow-lg">
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-muted-foreground">{description}</p>
      </div>
    </div>
  );
}
