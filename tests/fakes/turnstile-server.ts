import type { TestProject } from "vitest/node";
import { startLoopbackServer } from "./loopback-server";

// A stand-in for Turnstile's siteverify endpoint on loopback, for the worker tests: it accepts the
// widget token "pass-token" sent with the secret "test-turnstile-secret" and nothing else.
export const FAKE_TURNSTILE_SECRET = "test-turnstile-secret";
export const FAKE_TURNSTILE_PASS_TOKEN = "pass-token";

declare module "vitest" {
  export interface ProvidedContext {
    fakeTurnstileVerifyUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startLoopbackServer(async (request, response) => {
    let body = "";
    request.setEncoding("utf8");
    for await (const chunk of request) body += chunk;
    const form = new URLSearchParams(body);
    const success = request.method === "POST" && form.get("secret") === FAKE_TURNSTILE_SECRET && form.get("response") === FAKE_TURNSTILE_PASS_TOKEN;
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(success ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] }));
  });
  project.provide("fakeTurnstileVerifyUrl", `${server.origin}/siteverify`);
  return server.close;
}
