import type { ReactNode } from "react";

/**
 * A call to action that stays on screen (/salja-skins, docs/rules/site.md#pages): a button in the
 * bottom-left corner on desktop, a full-width bar under 768 px. While it is on the page, the body
 * gets bottom padding (app.css, `body:has([data-fixed-cta])`) so the last content and the footer
 * can always be scrolled clear of it — even without JavaScript.
 */
export function FixedCta({ children }: { children: ReactNode }) {
  return (
    <div
      data-fixed-cta=""
      data-testid="fixed-cta"
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur md:inset-x-auto md:bottom-6 md:left-6 md:border-0 md:bg-transparent md:p-0 md:shadow-none md:backdrop-blur-none"
    >
      {children}
    </div>
  );
}
