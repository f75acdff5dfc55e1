import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFoundResponse } from "~/auth/permissions.server";
import { getBooking } from "~/booking/bookings.server";
import { verifyCalendarKey } from "~/booking/links.server";
import { calendarRedirect } from "~/booking/notices.server";

// /booking/{id}/calendar/{google|outlook}?k=…: the short "Add to calendar" links of a booking's
// emails. With the key its email carries, the reader goes on to the provider's "add event" page for
// the booking as it stands now (a moved booking adds its new time); without it, a 404.

const PROVIDERS = ["google", "outlook"] as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = PROVIDERS.find((p) => p === params.provider);
  const bookingId = params.bookingId ?? "";
  const audience = provider ? await verifyCalendarKey(context.env, bookingId, new URL(request.url).searchParams.get("k")) : null;
  const booking = audience ? await getBooking(context.db, bookingId) : null;
  if (!provider || !audience || !booking) throw notFoundResponse();
  const to = await calendarRedirect(context, booking, audience, provider);
  if (!to) {
    return new Response("This booking is no longer going ahead, so there's nothing to add to your calendar.", {
      status: 410,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return redirect(to, { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } });
}
