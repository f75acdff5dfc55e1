import { Form, useLocation, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { ZONE_COOKIE } from "~/booking/flow-links";

type ZoneOption = { id: string; label: string };

/**
 * The time-zone chooser: a GET form that reloads the same step with ?tz=, carrying the step's other
 * choices as hidden fields, so it works without JavaScript.
 */
export function TimeZoneForm({
  zone,
  zones,
  hidden,
  action,
}: {
  zone: string;
  zones: ZoneOption[];
  hidden: Record<string, string | undefined>;
  action: string;
}) {
  return (
    <Form method="get" action={action} className="tz-form" preventScrollReset>
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <div className="field">
        <label htmlFor="booking-tz">Show times in</label>
        <select id="booking-tz" name="tz" defaultValue={zone} key={zone}>
          {zones.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-secondary button-small">
        Change time zone
      </button>
    </Form>
  );
}

/** Keeps the zone for the next visit, so its booking page is rendered in it from the start (a year; sent to the booking page only, so other pages stay cacheable). */
function rememberZone(zone: string) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/booking; Max-Age=31536000; SameSite=Lax${secure}`;
}

/**
 * With JavaScript, a visit without a chosen zone switches to the browser's own zone when it is one
 * the page offers (without JavaScript the page stays in the zone it was rendered in, and says so).
 * The zone shown is remembered, so the next visit's page is rendered in it from the server.
 */
export function useDetectedZone(zoneChosen: boolean, zone: string, zones: ZoneOption[]) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (zoneChosen) {
      rememberZone(zone);
      return;
    }
    let detected: string | undefined;
    try {
      detected = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      return;
    }
    if (!detected || !zones.some((option) => option.id === detected)) return;
    rememberZone(detected);
    if (detected === zone) return;
    const search = new URLSearchParams(location.search);
    search.set("tz", detected);
    navigate(`${location.pathname}?${search}`, { replace: true, preventScrollReset: true });
  }, [zoneChosen, zone, zones, location.pathname, location.search, navigate]);
}
