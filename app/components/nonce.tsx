import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response (server only; undefined in the browser and when prerendering). */
export const useNonce = () => useContext(NonceContext);
