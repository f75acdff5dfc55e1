import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { loadSessionRecord, sessionRecordAction } from "~/meetings/record.server";
import { RecordPage } from "~/meetings/ui/record/record-page";
import stylesHref from "~/styles/session-record.css?url";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /meeting/{id}/record: the session's record after the call, for its coach and its client, and for
// admins (who read it; they never join the call). Anyone else gets the 404. The file name's "_"
// keeps it out of the meeting page (/meeting/{id}), which renders the room and no child.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return loadSessionRecord(context, viewer, params.meetingId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  return sessionRecordAction(request, context, viewer, params.meetingId);
}

export default function SessionRecord() {
  const record = useLoaderData<typeof loader>();
  return <RecordPage record={record} />;
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Session Record", description: "The record of a coaching session with ClarityAI Coaching.", path: "/meeting" }),
  NOINDEX,
];
