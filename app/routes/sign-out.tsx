import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { signOutViewer } from "~/auth/web-auth.server";

// Signing out changes state, so it is a POST (the header's Sign Out form); a GET only goes home.
export async function loader() {
  return redirect("/");
}

/** SPEC §4: global sign-out that always lands on /auth, whatever the auth service answers. */
export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/auth", { headers: { "Set-Cookie": await signOutViewer(request, context, "global") } });
}
