import { useSyncExternalStore, type ReactNode } from "react";
import { usePublicConfig } from "~/lib/site-config";
import { pendingReferralCode, withReferralCode } from "~/modules/referrals/referral-link";

const linkClass =
  "inline-flex h-10 w-full items-center justify-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium shadow-xs transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring dark:bg-input/30 dark:hover:bg-input/50";

/**
 * Steam and Google sign-in (their routes live elsewhere): plain links, because both leave
 * the site for the provider.
 */
const subscribeToNothing = () => () => {};
const noCode = () => null;

/** `extra`: a further sign-in method under the providers (BankID on the sign-in tab). */
export function SocialSignIn({ extra }: { extra?: ReactNode } = {}) {
  const { googleEnabled } = usePublicConfig();
  // A referral code from `?ref=` (this visit or stored) goes with a sign-up through either
  // provider (docs/rules/accounts.md#referral-code-at-sign-up); the server renders none.
  const code = useSyncExternalStore(subscribeToNothing, pendingReferralCode, noCode);
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
        eller
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
      </div>
      <div className={googleEnabled ? "grid gap-3 sm:grid-cols-2" : "grid"}>
        <a href={withReferralCode("/auth/steam", code)} className={linkClass}>
          <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" fill="currentColor">
            <path d="M12 2a10 10 0 0 0-9.96 9.2l5.35 2.21a2.8 2.8 0 0 1 1.6-.5h.16l2.38-3.45v-.05a3.77 3.77 0 1 1 3.77 3.77h-.09l-3.4 2.42v.13a2.83 2.83 0 0 1-5.6.55L2.4 14.8A10 10 0 1 0 12 2Zm-4.3 15.17-1.23-.5a2.13 2.13 0 1 0 1.17-2.9l1.27.52a1.57 1.57 0 1 1-1.2 2.88Zm9.8-7.6a2.51 2.51 0 1 0-2.51 2.5 2.51 2.51 0 0 0 2.51-2.5Zm-4.4 0a1.89 1.89 0 1 1 1.89 1.88 1.89 1.89 0 0 1-1.89-1.88Z" />
          </svg>
          Logga in med Steam
        </a>
        {googleEnabled ? (
          <a href={withReferralCode("/auth/google", code)} className={linkClass}>
            <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
              <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1Z" />
              <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z" />
              <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.94l3.66-2.84Z" />
              <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38Z" />
            </svg>
            Logga in med Google
          </a>
        ) : null}
      </div>
      {extra}
    </div>
  );
}
