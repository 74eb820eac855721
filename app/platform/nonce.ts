import { createContext, useContext } from "react";

// The CSP nonce of the current server render. Empty in the browser, where inline scripts have already run.
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
