import type { Auth } from "./auth";
import type { Services } from "./services";

// Kept apart from services.ts: sign-in is built from the services (auth.ts), and the
// services must not depend on what is built from them.

/** What route loaders and actions receive as `context` (see app/routes). */
export interface ServerContext extends Services {
  /** This response's CSP nonce, for the inline scripts React Router writes. */
  nonce: string;
  /** Accounts (server/auth.ts), for the per-request account pages; set by createApp. */
  auth?: Auth;
  /** The client's address as the rate limiter sees it (server/rate-limit.ts); set by createApp. */
  clientAddress?: string;
}

declare module "react-router" {
  interface AppLoadContext extends ServerContext {}
}
