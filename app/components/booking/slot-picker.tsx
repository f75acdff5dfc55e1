import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { TIMES_ANCHOR } from "~/booking/flow-links";

export type DayLink = { date: string; label: string; times: number; href: string; current: boolean };
export type TimeLink = { startsAt: string; time: string; abbreviation: string; coachName: string; href: string };

/**
 * Days with free times beside (on a phone, above) the shown day's times: every choice is a link,
 * rendered on the server in the visitor's time zone. A day's link lands on its times (#booking-times):
 * without JavaScript the browser scrolls there; with it, the times' heading also takes the focus,
 * so a screen reader announces the day.
 */
export function SlotPicker({
  days,
  times,
  shownDay,
  selectedDayLabel,
  zoneLabel,
  showCoach,
  earlier,
  later,
}: {
  days: DayLink[];
  times: TimeLink[];
  /** The day whose times are shown (chosen, or the first with free times). */
  shownDay?: string | null;
  selectedDayLabel: string | null;
  zoneLabel: string;
  /** "First available coach": each time says whose it is. */
  showCoach: boolean;
  earlier: string | null;
  later: string;
}) {
  const location = useLocation();
  const timesRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (location.hash !== `#${TIMES_ANCHOR}`) return;
    const section = timesRef.current;
    if (!section) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    section.scrollIntoView({ block: "start", behavior: reduceMotion ? "auto" : "smooth" });
    section.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
  }, [location.key, location.hash, shownDay]);
  return (
    <div className="slot-picker">
      <section aria-labelledby="booking-days-heading" className="booking-block slot-days">
        <h2 id="booking-days-heading">Choose a day</h2>
        {days.length ? (
          <ul className="slot-list slot-day-list">
            {days.map((day) => (
              <li key={day.date}>
                <Link to={day.href} className="chip" aria-current={day.current ? "date" : undefined} preventScrollReset>
                  {day.label}
                  <span className="visually-hidden">
                    , {day.times} free time{day.times === 1 ? "" : "s"}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>There are no free times in these two weeks. Try later dates, or choose another coach.</p>
        )}
        <p className="booking-paging">
          {earlier ? (
            <Link to={earlier} preventScrollReset>
              Earlier dates
            </Link>
          ) : null}
          <Link to={later} preventScrollReset>
            Later dates
          </Link>
        </p>
      </section>
      {selectedDayLabel ? (
        <section aria-labelledby="booking-times-heading" className="booking-block slot-times" id={TIMES_ANCHOR} ref={timesRef}>
          <h2 id="booking-times-heading" tabIndex={-1}>
            Times on {selectedDayLabel}
          </h2>
          <p className="hint">Shown in {zoneLabel}.</p>
          {times.length ? (
            <ul className={showCoach ? "slot-grid slot-grid-coach" : "slot-grid"}>
              {times.map((slot) => (
                <li key={slot.startsAt}>
                  <Link to={slot.href} className="chip slot-chip">
                    {slot.time} {slot.abbreviation}
                    {showCoach ? <span className="slot-coach">with {slot.coachName}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p>There are no free times left on this day. Please choose another day.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** "That time was just taken", with the nearest free times as links. */
export function TakenNotice({ alternatives }: { alternatives: { href: string; label: string; coachName: string | null }[] }) {
  return (
    <div className="notice booking-taken" role="alert" tabIndex={-1}>
      <h2>That time was just taken</h2>
      {alternatives.length ? (
        <>
          <p>Someone booked it a moment ago. These are the nearest free times:</p>
          <ul className="slot-list">
            {alternatives.map((alternative) => (
              <li key={alternative.href}>
                <Link to={alternative.href} className="chip">
                  {alternative.label}
                  {alternative.coachName ? <span className="slot-coach">with {alternative.coachName}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>Someone booked it a moment ago, and there are no other free times close to it. Please choose another day.</p>
      )}
    </div>
  );
}
