/**
 * The header's session UI (docs/rules/site.md#header-and-footer): 'Laddar...' while the session is
 * changing, 'Logga in' / 'Registrera' when signed out, a 'Profil' menu with 'Min profil' and 'Logga
 * ut' when signed in.
 */
import { useCallback } from "react";
import { Link, useFetcher, useFetchers, useNavigate } from "react-router";
import { Banknote, HandCoins, LayoutDashboard, Loader2, LogOut, User } from "~/components/ui/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { useSessionUser } from "~/lib/site-config";
import { showOutcomeToast } from "~/lib/use-action-form";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { AUTH_MESSAGES } from "~/modules/accounts/auth-messages";
import { closeEnclosingPopover, MENU_ITEM_CLASS } from "./popover-panel";
import { ProfileMenu } from "./profile-menu";
import { FORM_ACTIONS } from "~/enhance/enhance-ids";

const SIGN_OUT_KEY = "sign-out";

interface SignOutResult {
  ok: boolean;
  title?: string;
  message?: string;
}

function useSignOutFetcher() {
  return useFetcher<SignOutResult>({ key: SIGN_OUT_KEY });
}

/** Signed in, signed out, or 'loading' while a sign-in or sign-out is in flight. */
function useSessionState() {
  const user = useSessionUser();
  const signOut = useSignOutFetcher();
  const fetchers = useFetchers();
  const signingIn = fetchers.some((f) => f.state !== "idle" && f.formData?.get("intent") === "signin");
  const loading = signOut.state !== "idle" || signingIn;
  return {
    user,
    loading,
    signOut: () => signOut.submit(null, { method: "post", action: FORM_ACTIONS.signOut }),
  };
}

/**
 * 'Logga ut' as a plain form (docs/decisions/042): without scripts it posts and the start page
 * says "Utloggad"; where React runs the fetcher signs out and a toast says so.
 */
function SignOutForm({ signOut, className }: { signOut: () => void; className?: string }) {
  return (
    <form
      method="post"
      action={FORM_ACTIONS.signOut}
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        closeEnclosingPopover(event.currentTarget);
        signOut();
      }}
    >
      <button type="submit" className={className} data-sign-out>
        <LogOut className="size-4" aria-hidden="true" />
        Logga ut
      </button>
    </form>
  );
}

/** Toasts the sign-out outcome and goes to the start page (docs/rules/accounts.md#sign-out); mount once. */
export function useSignOutFeedback() {
  const signOut = useSignOutFetcher();
  const navigate = useNavigate();
  useFetcherResult(
    signOut,
    useCallback(
      (result: SignOutResult) => {
        if (result.ok) {
          showOutcomeToast({ tone: "success", title: AUTH_MESSAGES.signedOutTitle, description: AUTH_MESSAGES.signedOut });
          void navigate("/");
        } else {
          showOutcomeToast({
            tone: "error",
            title: result.title ?? AUTH_MESSAGES.signOutFailedTitle,
            description: result.message ?? AUTH_MESSAGES.signOutFailed,
          });
        }
      },
      [navigate],
    ),
  );
}

function LoadingButton({ className }: { className?: string }) {
  return (
    <Button size="sm" variant="ghost" disabled className={className}>
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      Laddar...
    </Button>
  );
}

export function SessionMenu() {
  const { user, loading, signOut } = useSessionState();
  if (loading) return <LoadingButton />;
  if (!user) {
    return (
      <>
        <Button asChild variant="ghost" size="sm">
          <Link to="/auth">Logga in</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/auth?mode=signup">Registrera</Link>
        </Button>
      </>
    );
  }
  return <ProfileMenu user={user} signOutForm={<SignOutForm signOut={signOut} className={MENU_ITEM_CLASS} />} />;
}

/** The same choices in the mobile menu, as plain buttons (the menu closes itself after a link). */
export function MobileSessionActions() {
  const { user, loading, signOut } = useSessionState();
  if (loading) return <LoadingButton className="w-full" />;
  if (!user) {
    return (
      <>
        <Button asChild variant="outline">
          <Link to="/auth">Logga in</Link>
        </Button>
        <Button asChild>
          <Link to="/auth?mode=signup">Registrera</Link>
        </Button>
      </>
    );
  }
  return (
    <>
      <p className="truncate text-sm text-muted-foreground">Inloggad som {user.email}</p>
      <Button asChild variant="outline">
        <Link to="/profile">
          <User className="size-4" aria-hidden="true" />
          Min profil
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/salja">
          <Banknote className="size-4" aria-hidden="true" />
          Sälj nu
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/mina-affarer">
          <HandCoins className="size-4" aria-hidden="true" />
          Mina affärer
        </Link>
      </Button>
      {user.isStaff ? (
        <Button asChild variant="outline">
          <Link to="/admin">
            <LayoutDashboard className="size-4" aria-hidden="true" />
            Adminpanel
          </Link>
        </Button>
      ) : null}
      <SignOutForm signOut={signOut} className={buttonVariants({ variant: "ghost" })} />
    </>
  );
}
