import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_TIME_ZONE, normaliseZone } from "~/booking/time-zones";
import { useHydrated } from "~/utils/use-hydrated";

// The zone a signed-in page shows times in: the one of the state on the viewer's profile (the root
// loader's), else, once the page runs in the browser, the browser's own, else Sydney. The server's HTML
// and the first render in the browser agree (profile or Sydney), so hydration matches.

type RootZoneData = { viewer?: { timeZone?: string | null } | null } | undefined;

function browserZone(): string {
  try {
    return normaliseZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export function useViewerTimeZone(): string {
  const profileZone = (useRouteLoaderData("root") as RootZoneData)?.viewer?.timeZone ?? null;
  const hydrated = useHydrated();
  if (profileZone) return profileZone;
  return hydrated ? browserZone() : DEFAULT_TIME_ZONE;
}
