import { icsDateTime } from "./ics";

// "Add to calendar" links for people whose mail does not offer the attached invitation.

export type CalendarLinkEvent = { startsAt: string; endsAt: string; summary: string; description: string; url: string };

export function googleCalendarUrl(event: CalendarLinkEvent): string {
  const url = new URL("https://calendar.google.com/calendar/render");
  url.searchParams.set("action", "TEMPLATE");
  url.searchParams.set("text", event.summary);
  url.searchParams.set("dates", `${icsDateTime(event.startsAt)}/${icsDateTime(event.endsAt)}`);
  url.searchParams.set("details", `${event.description}\n\n${event.url}`);
  url.searchParams.set("location", event.url);
  return url.toString();
}

export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  const url = new URL("https://outlook.live.com/calendar/0/deeplink/compose");
  url.searchParams.set("path", "/calendar/action/compose");
  url.searchParams.set("rru", "addevent");
  url.searchParams.set("subject", event.summary);
  url.searchParams.set("startdt", new Date(event.startsAt).toISOString());
  url.searchParams.set("enddt", new Date(event.endsAt).toISOString());
  url.searchParams.set("body", `${event.description}\n\n${event.url}`);
  url.searchParams.set("location", event.url);
  return url.toString();
}
