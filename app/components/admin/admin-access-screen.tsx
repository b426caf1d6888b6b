/**
 * What the panel shows someone it refuses (docs/rules/admin.md#refusals): 'Inloggning krävs' with a 'Logga in'
 * link back to the page, or 'Åtkomst nekad' with both required sentences. The server
 * answered 401 or 403 already; this only explains it.
 */
import { Link, useLocation } from "react-router";
import { LockKeyhole, ShieldAlert } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { safeRedirectTo } from "~/modules/accounts/safe-redirect";
import { STAFF_MESSAGES } from "~/modules/accounts/staff-messages";

export function AdminAccessScreen({ status, heading: Heading = "h1" }: { status: 401 | 403; heading?: "h1" | "h2" }) {
  const location = useLocation();
  const back = safeRedirectTo(`${location.pathname}${location.search}`);
  const signedOut = status === 401;
  const Icon = signedOut ? LockKeyhole : ShieldAlert;
  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center sm:py-24"
      data-testid={signedOut ? "admin-login-required" : "admin-access-denied"}
      aria-labelledby="admin-access-title"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <Heading id="admin-access-title" className="mt-6 text-2xl font-bold sm:text-3xl">
        {signedOut ? STAFF_MESSAGES.loginRequiredTitle : STAFF_MESSAGES.accessDeniedTitle}
      </Heading>
      {signedOut ? (
        <p className="mt-3 text-muted-foreground">{STAFF_MESSAGES.loginRequired}</p>
      ) : (
        <>
          <p className="mt-3 text-muted-foreground">{STAFF_MESSAGES.accessDenied}</p>
          <p className="mt-2 text-muted-foreground">{STAFF_MESSAGES.contactAdmin}</p>
        </>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {signedOut ? (
          <Button asChild size="lg">
            <Link to={back === "/" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(back)}`}>{STAFF_MESSAGES.signIn}</Link>
          </Button>
        ) : null}
        <Button asChild size="lg" variant={signedOut ? "outline" : "default"}>
          <Link to="/">Till startsidan</Link>
        </Button>
      </div>
    </section>
  );
}
