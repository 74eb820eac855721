import { useNavigation, type Location } from "@remix-run/react";

/**
 * Where a pending client-side navigation to `pathname` is going (a new query on the same page
 * included), or null: pages show their loading state from it.
 */
export function usePendingLocation(pathname: string): Location | null {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname === pathname ? navigation.location : null;
}
