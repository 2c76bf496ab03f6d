import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server's HTML and until React has hydrated the page; true after (JavaScript is running). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
