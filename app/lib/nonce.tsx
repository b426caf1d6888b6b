import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current response. Set on the server; in the browser it is empty
 * (browsers hide nonce attributes from scripts, and hydration does not need it).
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
