import type { ServerBuild } from "@remix-run/cloudflare";
import { expect, test } from "vitest";
// @ts-ignore -- the server build exists only after `npm run build`; the Worker under test serves this same build.
import * as serverBuild from "../../build/server/index.js";
import { FORM_BODY_LIMIT } from "~/platform/request-body.server";
import { createSignedInUser, uniqueEmail } from "../factories/users";
import { appRequest } from "../worker/app";
import { answerOf } from "./answer";

// The sweep of tests/security/bad-input.test.ts and bad-input-sweep.test.ts: every route with an
// action, posted every wrong way, as a visitor and as a user with every role. The routes are shared
// out between the two files (each file runs in a Worker of its own), so each half runs beside the
// other instead of after it.

export const MANIFEST = (serverBuild as unknown as ServerBuild).routes;

export /** A body of `size` bytes sent in 64 KiB chunks, with no Content-Length (chunked transfer). */
function streamedBody(size: number, prefix = "intent=update-details&junk=") {
  const encoder = new TextEncoder();
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const chunk = sent === 0 ? encoder.encode(prefix.padEnd(65_536, "x")) : encoder.encode("x".repeat(Math.min(65_536, size - sent)));
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}
// Sweep: every route with an action, posted every wrong way, as a visitor and as a user with every
// role. Whatever comes back is a 4xx, a redirect or the page: never a 5xx, never a logged error.

export const ACTION_ROUTES = Object.values(MANIFEST)
  .filter((route) => route.module.action)
  .map((route) => route.id)
  .sort();

/** Every field name the site's forms use, and every intent the actions know. */
const FIELDS = [
  "name",
  "email",
  "company",
  "phone",
  "businessType",
  "message",
  "resource",
  "delivery",
  "marketingConsent",
  "firstName",
  "lastName",
  "industry",
  "state",
  "abn",
  "password",
  "confirmPassword",
  "currentPassword",
  "code",
  "factorId",
  "secret",
  "uri",
  "confirm",
  "userId",
  "role",
  "redirectTo",
  "q",
];
const INTENTS = [
  "sign-in",
  "sign-up",
  "verify-code",
  "reset-code",
  "resend-confirmation",
  "send-code",
  "forgot",
  "new-password",
  "mfa",
  "update-details",
  "change-password",
  "enrol-totp",
  "verify-totp",
  "remove-factor",
  "sign-out-others",
  "delete-account",
  "grant-role",
  "revoke-role",
];

/** A url-encoded body with every field set to `value` (already encoded), twice over when `twice`. */
function everyField(intent: string, value: string, twice = false) {
  const pairs = [`intent=${encodeURIComponent(intent)}`, ...FIELDS.map((field) => `${field}=${value}`)];
  return (twice ? [...pairs, ...pairs.map((pair) => `${pair}x`)] : pairs).join("&");
}

function pathFor(id: string) {
  const route = MANIFEST[id]!;
  const parts: string[] = [];
  for (let r: typeof route | undefined = route; r; r = r.parentId ? MANIFEST[r.parentId] : undefined) if (r.path) parts.unshift(r.path);
  return `/${parts.join("/")}${route.index ? "?index" : ""}`;
}

/** Defines the sweep's tests for every `shards`th action route, starting at `shard`. */
export function sweepActions(shard: number, shards: number) {
  const routes = ACTION_ROUTES.filter((_, index) => index % shards === shard);
  test.each(routes)(
    "%s never answers 5xx",
    async (id) => {
      const path = pathFor(id);
      const dataPath = path.replace(/^([^?]*)/, "$1.data");
      const form = "application/x-www-form-urlencoded";
      const bodies: [string, BodyInit | null, string | null][] = [
        ["JSON", JSON.stringify({ intent: "sign-in", email: "a@b.c" }), "application/json"],
        ["text/plain", "intent=sign-in", "text/plain"],
        ["no Content-Type", "intent=sign-in", null],
        ["empty body", "", form],
        ["no body", null, form],
        ["huge body", `intent=sign-in&junk=${"x".repeat(FORM_BODY_LIMIT)}`, form],
        ["huge streamed body", streamedBody(2 * FORM_BODY_LIMIT, "intent=sign-in&junk="), form],
        ["bad multipart", "--b\r\nContent-Disposition: form-data\r\n\r\n", "multipart/form-data; boundary=b"],
      ];
      for (const intent of INTENTS) {
        bodies.push([`${intent}, duplicated fields`, everyField(intent, "a%40b.co", true), form]);
        bodies.push([`${intent}, NUL bytes`, everyField(intent, "a%00b%00%40c.com"), form]);
        bodies.push([`${intent}, encoded lone surrogate`, everyField(intent, "%ED%A0%80x%40y.com"), form]);
        bodies.push([
          `${intent}, raw lone surrogate`,
          new URLSearchParams([["intent", intent], ...FIELDS.map((f) => [f, "\uD800\uDFFF\uDC00"])]).toString(),
          form,
        ]);
        const multipart = new FormData();
        multipart.set("intent", intent);
        for (const field of FIELDS) multipart.append(field, "\u0000\uD800");
        bodies.push([`${intent}, multipart`, multipart, null]);
      }
      const user = await createSignedInUser({ email: uniqueEmail("bad-input"), roles: ["client", "coach", "admin"] });
      for (const cookie of ["", user.cookie]) {
        for (const [label, body, type] of bodies) {
          for (const target of [path, dataPath]) {
            const sent = body instanceof ReadableStream ? streamedBody(2 * FORM_BODY_LIMIT, "intent=sign-in&junk=") : body;
            const status = await answerOf(appRequest(target, { body: sent, contentType: type, cookie }), async (response) => {
              await response.body?.cancel();
              return response.status;
            });
            expect(status, `${target} ${label} ${cookie ? "signed in" : "visitor"}`).toBeLessThan(500);
          }
        }
      }
    },
    180_000,
  );
}
