import { expect, test } from "vitest";
import { isCrossSiteWrite } from "~/platform/origin-check.server";
import { contentSecurityPolicy, createNonce } from "~/platform/security-headers.server";

const post = (headers: Record<string, string>) => new Request("https://clarityai.com.au/contact", { method: "POST", headers });

test("same-origin writes and reads pass the origin check", () => {
  expect(isCrossSiteWrite(post({ Origin: "https://clarityai.com.au" }))).toBe(false);
  expect(isCrossSiteWrite(new Request("https://clarityai.com.au/", { headers: { Origin: "https://evil.example" } }))).toBe(false);
});

test("writes from another origin, or flagged cross-site by the browser, are refused", () => {
  expect(isCrossSiteWrite(post({ Origin: "https://evil.example" }))).toBe(true);
  expect(isCrossSiteWrite(post({ Origin: "http://clarityai.com.au" }))).toBe(true);
  expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  expect(isCrossSiteWrite(post({}))).toBe(false);
});

test("nonces are random and base64", () => {
  const a = createNonce();
  expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(createNonce()).not.toBe(a);
});

test("the CSP allows scripts only by nonce and forbids plugins, base rewriting and framing", () => {
  const csp = contentSecurityPolicy("abc");
  expect(csp).toContain("script-src 'nonce-abc' 'strict-dynamic'");
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("unsafe-eval");
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
});
