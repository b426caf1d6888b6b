import { Suspense } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { CookieConsent } from "~/components/consent/cookie-consent";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { NotFound } from "~/components/layout/not-found";
import { ErrorPage } from "~/components/layout/error-page";
import { Toaster } from "~/components/ui/sonner";
import { useNonce } from "~/lib/nonce";
import { lazyComponent } from "~/lib/lazy-component";
import { usePublicConfig, useSessionUser, type PublicConfig } from "~/lib/site-config";
import { themeBootScript } from "~/lib/theme";
import { rootShouldRevalidate } from "~/lib/root-revalidation";
import { ReferralLinkCapture } from "~/components/referrals/referral-link-capture";
import { RealtimeProvider } from "~/components/realtime/realtime-provider";
import { memberAccount } from "~/modules/accounts/member-account.server";
import { getCurrentSession } from "~/modules/accounts/session.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";

export const links: Route.LinksFunction = () => [
  // `precedence` makes React place the stylesheet ahead of the script preloads in <head>, so the
  // page can paint without waiting for them (docs/decisions/023).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const cfg = config();
  const current = await getCurrentSession(request);
  const publicConfig: PublicConfig = {
    siteName: cfg.SITE_NAME,
    publicUrl: cfg.PUBLIC_URL,
    liveChatUrl: cfg.LIVE_CHAT_URL,
    supportEmail: cfg.SUPPORT_EMAIL,
    gaMeasurementId: cfg.GA_MEASUREMENT_ID ?? null,
    gaScriptOrigin: cfg.GA_SCRIPT_ORIGIN,
    googleEnabled: Boolean(cfg.GOOGLE_CLIENT_ID && cfg.GOOGLE_CLIENT_SECRET),
    bankIdEnabled: Boolean(cfg.BANKID_URL),
  };
  let user = null;
  if (current) {
    // The same read as the page's (/profile): one statement for the request.
    const account = await memberAccount(request, db(), current.user.id);
    const profile = account?.profile;
    const roles = account?.roles ?? [];
    user = {
      id: current.user.id,
      email: current.user.email,
      name: current.user.name,
      firstName: profile?.first_name ?? null,
      displayName: profile?.display_name ?? null,
      // The welcome dialog skips profiles created moments ago (docs/rules/site.md#welcome-dialog).
      profileCreatedAt: profile?.created_at ? new Date(profile.created_at).toISOString() : null,
      isStaff: roles.length > 0,
    };
  }
  // A refreshed session comes with a new cookie; pass it on.
  const headers = new Headers();
  for (const cookie of current?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return data({ publicConfig, user }, { headers });
}

/** docs/rules/site.md#root-data: re-fetched only after an action that can change it. */
export const shouldRevalidate = (args: ShouldRevalidateFunctionArgs) => rootShouldRevalidate(args);

/**
 * A route whose `handle` says `{ panel: true }` (the staff panel) brings its own header,
 * navigation and main landmark; the site's header and footer stay away there.
 */
function usePanelChrome(): boolean {
  const matches = useMatches();
  // Without the root's data the root's own error page renders, which needs the site's chrome.
  const rootRendered = matches.some((match) => match.id === "root" && match.data !== undefined);
  return rootRendered && matches.some((match) => (match.handle as { panel?: boolean } | undefined)?.panel === true);
}

// Dialogs only a signed-in member ever sees: their code is not part of a visitor's first load.
const WelcomeDialog = lazyComponent(() => import("~/components/accounts/welcome-dialog").then((module) => module.WelcomeDialog));
const PointsPopup = lazyComponent(() => import("~/components/realtime/points-popup").then((module) => module.PointsPopup));
const PriceAlertNotice = lazyComponent(() => import("~/components/realtime/price-alert-notice").then((module) => module.PriceAlertNotice));

function MemberDialogs() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialog />
      <PointsPopup />
      <PriceAlertNotice />
    </Suspense>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const panel = usePanelChrome();
  return (
    <html lang="sv" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <RealtimeProvider>
          <a
            href="#innehall"
            className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
          >
            Hoppa till innehållet
          </a>
          {/* Early in the focus order, so keyboard users meet the banner first; fixed, so no layout shift. */}
          <CookieConsent />
          {panel ? (
            // The panel renders its own header, navigation and <main id="innehall">.
            children
          ) : (
            <>
              <SiteHeader />
              <main id="innehall" className="flex-1">
                {children}
              </main>
              <SiteFooter />
            </>
          )}
          <Toaster />
          <MemberDialogs />
          <ReferralLinkCapture />
        </RealtimeProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { siteName } = usePublicConfig();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const details =
    import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : undefined;
  // The failed route's meta never runs, so the page names itself (React places these in the head).
  return (
    <>
      <title>{`${notFound ? "Sidan kunde inte hittas" : "Något gick fel"} | ${siteName}`}</title>
      <meta name="robots" content="noindex" />
      {notFound ? <NotFound /> : <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} details={details} />}
    </>
  );
}
