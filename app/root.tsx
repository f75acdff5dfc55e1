import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { lazy, Suspense, type ReactNode } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { entitlementOf } from "~/billing/entitlement.server";
import { currentPlanOf } from "~/billing/plans";
import { MobileBookBar } from "~/components/mobile-book-bar";
import { NotFound } from "~/components/not-found";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ToastProvider } from "~/components/toast/toaster";
import { errorPageMeta } from "~/utils/meta";
import { useNonce } from "~/utils/nonce";
import { readToast } from "~/platform/toast.server";
import styles from "./styles/app.css?url";

// The floating chat buttons (AI coach, Service Assistant): their own small chunk, off the first load.
const FloatingWidgets = lazy(() => import("~/components/floating-widgets"));

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, headers } = await readToast(request, context.env.SESSION_SECRET);
  // Only what the navigation needs reaches the browser (SPEC §2 links by role). A visitor costs a
  // cookie check; a failure here must not take the public pages down, so it reads as signed out.
  const viewer = await context.viewer().catch((error: unknown) => {
    console.error("root: could not read the session", error instanceof Error ? error.message : String(error));
    return null;
  });
  // The AI coach button's flag, from the subscription read with the viewer (visitors' cached pages pay nothing).
  const entitlement = viewer ? entitlementOf(viewer.aiSubscription ?? undefined, context.env.BILLING_GRACE_DAYS, new Date()) : null;
  const aiCoach = entitlement ? { signedIn: true as const, hasActiveSubscription: entitlement.hasActiveSubscription, tier: entitlement.tier } : null;
  // The plan cards mark the subscriber's plan and offer the other as a switch (signed-in pages are never cached).
  const plan = viewer ? currentPlanOf(viewer.aiSubscription) : null;
  return data(
    {
      toast,
      siteOrigin: context.siteOrigin,
      viewer: viewer ? { firstName: viewer.firstName, roles: viewer.roles, timeZone: viewer.timeZone } : null,
      aiCoach,
      plan,
    },
    { headers },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0f2942" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// Pages where the chat launchers would sit over the work: the meeting room, and the admin area (whose
// lists and forms reach the bottom corner on a phone; the Service Assistant is for visitors).
const WITHOUT_LAUNCHERS = /^\/(meeting\/[^/]+\/?|admin(\/.*)?)$/;

function Shell({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  // The floating buttons are rendered once the page has hydrated, not in the server's HTML: they never
  // appear before they can respond, and hydration never waits on their chunk (an update meanwhile, a
  // toast or the root data reloading, would reach a boundary not yet hydrated: React #421).
  const hydrated = useHydrated();
  // A meeting's room fills the screen with its own controls pinned at the bottom: no floating buttons over them.
  const launchers = !WITHOUT_LAUNCHERS.test(useLocation().pathname);
  return (
    <ToastProvider initial={rootData?.toast}>
      <SiteHeader viewer={rootData?.viewer ?? null} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <MobileBookBar />
      <SiteFooter />
      {hydrated ? (
        <Suspense>
          <FloatingWidgets aiCoach={rootData?.aiCoach} launchers={launchers} />
        </Suspense>
      ) : null}
    </ToastProvider>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

// Pages set their own titles; this covers the error pages, which have no route meta of their own.
export const meta: MetaFunction = ({ error }) => (error ? errorPageMeta(error) : []);

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFound />
      </Shell>
    );
  }
  // Whatever went wrong stays in the server log; the visitor gets a calm page with a way forward.
  return (
    <Shell>
      <section className="container page-narrow error-page">
        <h1>Unexpected Application Error!</h1>
        <p>
          Something went wrong on our side and the page could not be shown. Please try again in a moment. If it keeps happening, email{" "}
          <a href="mailto:hello@clarityai.com.au">hello@clarityai.com.au</a> and we'll sort it out.
        </p>
        <p>
          <a className="button button-primary" href="/">
            Back to the home page
          </a>
        </p>
      </section>
    </Shell>
  );
}
