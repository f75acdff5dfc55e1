import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

// Browsers hide the nonce attribute from scripts after parsing, so on the client this is "".
export function useNonce() {
  return useContext(NonceContext);
}
