import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

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
  const server: Server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      const success = request.method === "POST" && form.get("secret") === FAKE_TURNSTILE_SECRET && form.get("response") === FAKE_TURNSTILE_PASS_TOKEN;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(success ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide("fakeTurnstileVerifyUrl", `http://127.0.0.1:${port}/siteverify`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
