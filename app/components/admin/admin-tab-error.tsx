/**
 * A tab's error boundary: a refusal (403 for a tab the role may not open) is shown inside the
 * panel, with the sidebar of the tabs the role does have; other errors as the error page.
 */
import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { AdminAccessScreen } from "./admin-access-screen";

export function AdminTabError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 401 || status === 403) return <AdminAccessScreen status={status} heading="h2" />;
  return <ErrorPage status={status} />;
}
