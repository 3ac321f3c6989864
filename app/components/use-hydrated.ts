import { useSyncExternalStore } from "react";

const noopSubscribe = () => () => {};

/** True once the page has hydrated (false in the server's HTML): for controls that need the script. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}
