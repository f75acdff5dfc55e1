import { useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import type { AiTier } from "~/billing/plans";
import { useToast } from "~/components/toast/toaster";

// Subscribing to a ClarityAI plan. The form posts to /billing/checkout, which answers a browser
// without JavaScript with a redirect to the checkout page (or to sign-in). With JavaScript the
// checkout opens in a new tab (SPEC §4): the tab is opened at the click, while the browser still
// counts it as the person's own action, and pointed at the checkout once its address arrives.

export const CHECKOUT_PATH = "/billing/checkout";
/** SPEC §8: the subscription was created, but no payment page came back. */
export const NO_PAYMENT_URL = "No payment URL received";
const FAILED = "We couldn't start the checkout. Please try again.";

type CheckoutAnswer = { url?: unknown; error?: unknown; signIn?: unknown; code?: unknown };
type RootData = { viewer: unknown } | undefined;

/**
 * The whole form for one plan: the billing period comes from the form's own inputs (children), so
 * the cached page is the same for everyone and the button decides who is asking only when pressed.
 */
export function SubscribeForm({
  tier,
  planName,
  returnTo,
  disabled = false,
  children,
}: {
  tier: AiTier;
  planName: string;
  returnTo: string;
  disabled?: boolean;
  children?: React.ReactNode;
}) {
  const signedIn = Boolean((useRouteLoaderData("root") as RootData)?.viewer);
  const { toast } = useToast();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // A visitor's form goes on as a normal post: the server sends them to sign in and back here.
    if (!signedIn) return;
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    // Opened now, while this is still the click: a tab opened after the answer arrives is blocked as a popup.
    const tab = window.open("", "_blank");
    // The checkout page must not reach back into this one.
    if (tab) tab.opener = null;
    setPending(true);
    let title = "Error";
    try {
      const response = await fetch(form.action, { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => ({}))) as CheckoutAnswer;
      if (typeof answer.signIn === "string" && answer.signIn.startsWith("/")) {
        tab?.close();
        navigate(answer.signIn);
        return;
      }
      // A page opened before the subscription started still shows Subscribe: say what to do instead.
      if (answer.code === "already_subscribed") title = "You already have a plan";
      if (!response.ok) throw new Error(typeof answer.error === "string" && answer.error ? answer.error : FAILED);
      if (typeof answer.url !== "string" || !answer.url) throw new Error(NO_PAYMENT_URL);
      if (tab && !tab.closed) tab.location.href = answer.url;
      else window.location.assign(answer.url);
    } catch (error) {
      tab?.close();
      const message = error instanceof Error && error.message ? error.message : FAILED;
      // SPEC §8: a failed subscription is logged and passed on to the person.
      console.warn("checkout:", message);
      toast({ title, description: message, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" action={CHECKOUT_PATH} className="subscribe-form" onSubmit={onSubmit}>
      <input type="hidden" name="tier" value={tier} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {children}
      <button type="submit" className="button button-primary" disabled={disabled || pending} aria-describedby={`plan-${tier}-price`}>
        {pending ? "Opening checkout…" : `Subscribe to ${planName.replace(/^ClarityAI /, "")}`}
      </button>
    </form>
  );
}
