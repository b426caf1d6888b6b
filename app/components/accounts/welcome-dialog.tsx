import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { Sparkles } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { WELCOME_DIALOG } from "~/modules/accounts/accounts-constants";
import { useSessionUser } from "~/lib/site-config";
import { shouldShowWelcome, welcomeStorageKey } from "~/modules/accounts/welcome-rules";

function readFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function writeFlag(key: string): void {
  try {
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    // Storage unavailable: the dialog may show again, which is harmless.
  }
}

/**
 * Welcome-back dialog (docs/rules/site.md#welcome-dialog): about 100 ms after a user appears (a
 * sign-in, or the first page of a browser session) on a page of the public site — never over the
 * staff panel or the sell flow — at most once per browser session per user.
 */
export function WelcomeDialog() {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const userId = user?.id ?? null;
  const profileCreatedAt = user?.profileCreatedAt ?? null;
  const { pathname } = useLocation();

  useEffect(() => {
    if (!userId) return;
    const key = welcomeStorageKey(userId);
    const show = shouldShowWelcome({
      pathname,
      search: window.location.search,
      hash: window.location.hash,
      profileCreatedAt,
      alreadyShown: readFlag(key),
      now: Date.now(),
    });
    if (!show) return;
    const timer = window.setTimeout(() => {
      writeFlag(key);
      setOpen(true);
    }, WELCOME_DIALOG.delayMs);
    return () => window.clearTimeout(timer);
  }, [userId, profileCreatedAt, pathname]);

  if (!user) return null;
  const name = user.firstName?.trim() || user.displayName?.trim() || user.name;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-md" data-testid="welcome-dialog">
        <DialogHeader>
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary sm:mx-0">
            <Sparkles className="size-6" aria-hidden="true" />
          </div>
          <DialogTitle>Välkommen tillbaka, {name}!</DialogTitle>
          <DialogDescription>
            Kul att se dig igen. Vill du sälja några skins idag, eller fortsätta till startsidan?
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="gap-2 sm:justify-start">
          <Button asChild>
            <Link to="/salja-skins" onClick={() => setOpen(false)}>
              Börja sälj
            </Link>
          </Button>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Fortsätt till huvudsidan
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
