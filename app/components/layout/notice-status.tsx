/**
 * The one-shot notice a plain form post left (app/lib/notice.ts): "Utloggad", "Dina cookie-val
 * är sparade". Shown once where the toasts appear, and gone by itself after a few seconds. On a
 * page without the framework's scripts the enhancement module shows the same box from the
 * template after a choice saved without a reload.
 */
import { ENHANCE_ELEMENT_IDS } from "~/enhance/enhance-ids";
import { useStaticPage } from "~/lib/hydration";
import { NOTICES } from "~/lib/notice";
import { usePreferences } from "~/lib/site-config";

function NoticeBox({ title, description }: { title: string; description: string }) {
  return (
    <div className="notice-leave w-full max-w-sm rounded-lg border bg-popover p-4 text-sm text-popover-foreground shadow-lg">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-muted-foreground">{description}</p>
    </div>
  );
}

export function NoticeStatus() {
  const { notice } = usePreferences();
  const staticPage = useStaticPage();
  return (
    <>
      <div
        id={ENHANCE_ELEMENT_IDS.notice}
        role="status"
        data-testid="notice"
        className="pointer-events-none fixed inset-x-0 top-[72px] z-50 flex justify-center px-4 empty:hidden"
      >
        {notice ? <NoticeBox {...NOTICES[notice]} /> : null}
      </div>
      {staticPage ? (
        <template id={ENHANCE_ELEMENT_IDS.noticeTemplate}>
          <NoticeBox title="" description="" />
        </template>
      ) : null}
    </>
  );
}
