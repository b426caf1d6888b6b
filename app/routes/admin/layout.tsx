/**
 * /admin: the staff panel's layout (docs/rules/admin.md#roles-and-tabs). Its loader checks once that the visitor is
 * staff and which tabs the roles open; each tab is a child route that checks its own tab
 * again (admin-access.server.ts). A refused visitor sees 'Inloggning krävs' (401) or
 * 'Åtkomst nekad' (403) instead of the panel.
 */
import { useState } from "react";
import { data, Form, isRouteErrorResponse, Outlet, useLocation, useNavigation, useRouteError } from "react-router";
import { LogOut, Menu } from "~/components/ui/icons";
import type { Route } from "./+types/layout";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminAccessScreen } from "~/components/admin/admin-access-screen";
import { AdminNav } from "~/components/admin/admin-nav";
import { AdminTabSkeleton } from "~/components/admin/admin-tab-skeleton";
import { ErrorPage } from "~/components/layout/error-page";
import { Logo } from "~/components/layout/logo";
import { ThemeSwitch } from "~/components/layout/theme-switch";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { usePublicConfig } from "~/lib/site-config";
import { requireStaff } from "~/modules/admin/admin-access.server";
import { adminTabForPath, visibleTabs } from "~/modules/admin/admin-tabs";

export const handle = { panel: true };

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches);

/** The panel is never indexed, whatever a crawler makes of robots.txt. */
export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("X-Robots-Tag", "noindex, nofollow");
  return headers;
};

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaff(request);
  const headers = new Headers();
  for (const cookie of staff.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return data({ email: staff.user.email, roles: staff.roles }, { headers });
}

/** The secure sign-out (docs/rules/admin.md#secure-sign-out): ends every session of the staff member, then /auth. */
function SignOutButton() {
  return (
    // A full page post: every session ends and no panel state survives in the tab.
    <Form method="post" action="/admin/sign-out" reloadDocument>
      <Button type="submit" variant="outline" size="sm" data-testid="admin-sign-out">
        <LogOut className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Logga ut</span>
      </Button>
    </Form>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { siteName } = usePublicConfig();
  const location = useLocation();
  const navigation = useNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  const tabs = visibleTabs(loaderData.roles);
  const current = adminTabForPath(location.pathname);
  // A different tab is on its way: its skeleton replaces the old tab until it has loaded. A page
  // of the same tab stays mounted meanwhile (the post editor moving from /admin/blog/ny to the
  // created post's address keeps what is being typed and its save status).
  const target = navigation.state === "loading" ? adminTabForPath(navigation.location.pathname) : null;
  const next = target && target.id !== current?.id ? target : null;
  const shown = next ?? current;

  return (
    <div className="flex min-h-dvh flex-1 bg-muted/30">
      <aside aria-label="Adminmeny" className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r bg-background md:flex">
        <div className="flex h-16 items-center border-b px-5">
          <Logo siteName={siteName} />
        </div>
        <p className="px-5 pt-5 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Adminpanel</p>
        <div className="flex-1 overflow-y-auto px-3 pb-6">
          <AdminNav tabs={tabs} label="Adminmeny" />
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
          <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
            <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
              <SheetTrigger asChild>
                <Button variant="ghost" size="icon" className="md:hidden" aria-label="Öppna adminmenyn" data-testid="admin-menu-button">
                  <Menu className="size-6" aria-hidden="true" />
                </Button>
              </SheetTrigger>
              <SheetContent side="left" className="w-[80vw] max-w-xs">
                <SheetHeader>
                  <SheetTitle>Adminpanel</SheetTitle>
                  <SheetDescription className="sr-only">Flikarna du har tillgång till</SheetDescription>
                </SheetHeader>
                <div className="px-3">
                  <AdminNav tabs={tabs} label="Adminmeny" onNavigate={() => setMenuOpen(false)} />
                </div>
              </SheetContent>
            </Sheet>
            <div className="min-w-0 flex-1">
              <h1 className="truncate text-lg leading-tight font-bold sm:text-xl" data-testid="admin-tab-title">
                {shown?.label ?? "Adminpanel"}
              </h1>
              <p className="truncate text-xs text-muted-foreground sm:text-sm" data-testid="admin-welcome">
                Welcome back <span className="font-medium text-foreground">{loaderData.email}</span>
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <ThemeSwitch />
              <SignOutButton />
            </div>
          </div>
        </header>
        <main id="innehall" className="min-w-0 flex-1 px-4 py-6 sm:px-6">
          {next ? <AdminTabSkeleton label={next.label} /> : <Outlet />}
        </main>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { siteName } = usePublicConfig();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="flex min-h-dvh flex-1 flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6">
          <Logo siteName={siteName} />
        </div>
      </header>
      <main id="innehall" className="flex-1">
        {status === 401 || status === 403 ? <AdminAccessScreen status={status} /> : <ErrorPage status={status} />}
      </main>
    </div>
  );
}
