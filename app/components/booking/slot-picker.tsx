import { Link } from "@remix-run/react";

export type DayLink = { date: string; label: string; times: number; href: string; current: boolean };
export type TimeLink = { startsAt: string; time: string; abbreviation: string; coachName: string; href: string };

/**
 * Days with free times, then the chosen day's times: every choice is a link, rendered on the server
 * in the visitor's time zone.
 */
export function SlotPicker({
  days,
  times,
  selectedDayLabel,
  zoneLabel,
  showCoach,
  earlier,
  later,
}: {
  days: DayLink[];
  times: TimeLink[];
  selectedDayLabel: string | null;
  zoneLabel: string;
  /** "First available coach": each time says whose it is. */
  showCoach: boolean;
  earlier: string | null;
  later: string;
}) {
  return (
    <>
      <section aria-labelledby="booking-days-heading" className="booking-block">
        <h2 id="booking-days-heading">Choose a day</h2>
        {days.length ? (
          <ul className="slot-list">
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
        <section aria-labelledby="booking-times-heading" className="booking-block">
          <h2 id="booking-times-heading">Times on {selectedDayLabel}</h2>
          <p className="hint">Shown in {zoneLabel}.</p>
          {times.length ? (
            <ul className="slot-list">
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
    </>
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
