import { Link } from "react-router";
import { Cookie } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";

/** Three equal choices side by side even on a phone: two lines of text at most, no tall stack. */
const CHOICE_CLASS = "h-auto min-h-9 whitespace-normal px-2 py-1.5 text-xs leading-tight sm:text-sm";

interface CookieBannerProps {
  onAcceptAll: () => void;
  onOnlyNecessary: () => void;
  onCustomise: () => void;
}

/**
 * The first-visit cookie banner (docs/rules/privacy.md#cookie-consent). A non-modal landmark fixed
 * to the bottom edge, so it never pushes the page; its three choices look exactly alike (no nudging
 * towards "accept"). Escape does nothing here: only an explicit choice saves anything.
 */
export function CookieBanner({ onAcceptAll, onOnlyNecessary, onCustomise }: CookieBannerProps) {
  return (
    <section
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-text"
      data-testid="cookie-banner"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 p-2 sm:p-4"
    >
      <div className="pointer-events-auto mx-auto max-w-5xl rounded-xl border bg-card p-3 text-card-foreground shadow-2xl ring-1 ring-black/5 sm:p-5 md:flex md:items-center md:gap-6 dark:ring-white/5">
        <div className="flex gap-3 md:flex-1">
          <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground sm:inline-flex">
            <Cookie className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p id="cookie-banner-title" className="text-sm font-semibold sm:text-base">
              Vi använder cookies
            </p>
            <p id="cookie-banner-text" className="mt-1 text-xs text-muted-foreground sm:text-sm">
              {/* Phones show the title, the policy link and the choices: the banner stays below the
                  hero's calls to action and is never the page's largest paint; screen readers
                  still hear the whole text. */}
              <span className="sr-only sm:not-sr-only">
                Nödvändiga cookies håller sidan igång. Med ditt samtycke använder vi även cookies för
                analys, marknadsföring och extra funktioner.
              </span>
              <span className="hidden sm:inline">
                {" "}
                Du kan ändra ditt val när som helst via Cookie-inställningar längst ned på sidan.
              </span>{" "}
              <Link
                to="/cookie-policy"
                className="font-medium text-foreground underline underline-offset-4 hover:text-primary"
              >
                Läs cookiepolicyn
              </Link>
            </p>
          </div>
        </div>
        <div className="mt-3 grid grid-cols-3 gap-2 sm:mt-4 md:mt-0 md:flex md:flex-none">
          <Button type="button" variant="outline" className={CHOICE_CLASS} onClick={onAcceptAll}>
            Acceptera alla
          </Button>
          <Button type="button" variant="outline" className={CHOICE_CLASS} onClick={onOnlyNecessary}>
            Endast nödvändiga
          </Button>
          <Button type="button" variant="outline" className={CHOICE_CLASS} onClick={onCustomise}>
            Anpassa
          </Button>
        </div>
      </div>
    </section>
  );
}
