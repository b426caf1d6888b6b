import { COMPANY } from "~/lib/company";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/** Public, non-secret settings the root loader hands to the browser. */
export interface PublicConfig {
  siteName: string;
  publicUrl: string;
  liveChatUrl: string;
  supportEmail: string;
  gaMeasurementId: string | null;
  gaScriptOrigin: string;
  /** Google sign-in is configured (the /auth page shows its button only then). */
  googleEnabled: boolean;
  /** BankID is configured (the /auth page shows "Logga in med BankID" only then). */
  bankIdEnabled: boolean;
}

export const FALLBACK_PUBLIC_CONFIG: PublicConfig = {
  siteName: "Skinhamnen",
  publicUrl: "",
  liveChatUrl: "https://tawk.to/skinhamnen",
  supportEmail: COMPANY.supportEmail,
  gaMeasurementId: null,
  gaScriptOrigin: "https://www.googletagmanager.com",
  googleEnabled: false,
  bankIdEnabled: false,
};

/** Works in every route and in error boundaries (falls back when the root loader failed). */
export function usePublicConfig(): PublicConfig {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return data?.publicConfig ?? FALLBACK_PUBLIC_CONFIG;
}

/** The signed-in user as the root loader hands it to the browser, or null. */
export type SessionUser = NonNullable<Awaited<ReturnType<typeof rootLoader>>["data"]["user"]>;

/** The signed-in user (root loader data); null when signed out or in a failed root. */
export function useSessionUser(): SessionUser | null {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return data?.user ?? null;
}
