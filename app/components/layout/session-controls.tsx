/**
 * The header's session UI (docs/rules/site.md#header-and-footer): 'Laddar...' while the session is
 * changing, 'Logga in' / 'Registrera' when signed out, a 'Profil' menu with 'Min profil' and 'Logga
 * ut' when signed in.
 */
import { Suspense, useCallback } from "react";
import { Link, useFetcher, useFetchers, useNavigate } from "react-router";
import { Banknote, HandCoins, LayoutDashboard, Loader2, LogOut, User } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { lazyComponent } from "~/lib/lazy-component";
import { useSessionUser } from "~/lib/site-config";
import { showOutcomeToast } from "~/lib/use-action-form";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { ProfileMenuButton } from "./profile-menu-button";

// The dropdown's code loads after the page's (signed-in visitors only).
const ProfileMenu = lazyComponent(() => import("./profile-menu").then((module) => module.ProfileMenu));
import { AUTH_MESSAGES } from "~/modules/accounts/auth-messages";

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
    signOut: () => signOut.submit(null, { method: "post", action: "/auth/sign-out" }),
  };
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
  return (
    <Suspense fallback={<ProfileMenuButton />}>
      <ProfileMenu user={user} signOut={signOut} />
    </Suspense>
  );
}

/** The same choices in the mobile menu, as plain buttons. */
export function MobileSessionActions({ onNavigate }: { onNavigate: () => void }) {
  const { user, loading, signOut } = useSessionState();
  if (loading) return <LoadingButton className="w-full" />;
  if (!user) {
    return (
      <>
        <Button asChild variant="outline" onClick={onNavigate}>
          <Link to="/auth">Logga in</Link>
        </Button>
        <Button asChild onClick={onNavigate}>
          <Link to="/auth?mode=signup">Registrera</Link>
        </Button>
      </>
    );
  }
  return (
    <>
      <p className="truncate text-sm text-muted-foreground">Inloggad som {user.email}</p>
      <Button asChild variant="outline" onClick={onNavigate}>
        <Link to="/profile">
          <User className="size-4" aria-hidden="true" />
          Min profil
        </Link>
      </Button>
      <Button asChild variant="outline" onClick={onNavigate}>
        <Link to="/salja">
          <Banknote className="size-4" aria-hidden="true" />
          Sälj nu
        </Link>
      </Button>
      <Button asChild variant="outline" onClick={onNavigate}>
        <Link to="/mina-affarer">
          <HandCoins className="size-4" aria-hidden="true" />
          Mina affärer
        </Link>
      </Button>
      {user.isStaff ? (
        <Button asChild variant="outline" onClick={onNavigate}>
          <Link to="/admin">
            <LayoutDashboard className="size-4" aria-hidden="true" />
            Adminpanel
          </Link>
        </Button>
      ) : null}
      <Button
        variant="ghost"
        onClick={() => {
          onNavigate();
          signOut();
        }}
      >
        <LogOut className="size-4" aria-hidden="true" />
        Logga ut
      </Button>
    </>
  );
}
