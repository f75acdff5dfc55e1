/**
 * The HTTP server that scripts/serve.ts puts in front of workerd (decision record 009). It holds the
 * clients' connections, so that an idle keep-alive connection lasts as long as it says it does:
 * workerd closes an idle connection after a fixed 5 s counted from a clock that stands still while
 * it computes, and announces nothing, so a client can send its next request on a connection that
 * is being closed and lose it ("fetch failed: other side closed").
 *
 * Here an idle connection stays open for IDLE_TIMEOUT_SECONDS, and every answer says so
 * (`Keep-Alive: timeout=…`), longer than the idle time of any common client (browsers keep an idle
 * connection for at most 300 s, Go 90 s, Node's fetch 4 s unless told more), so clients close first.
 * Each request is sent on to workerd on a connection of its own that carries only that request: no
 * connection to workerd is ever reused, so none can be closed under a request. Answers stream
 * through as they come (server-sent events included), and WebSocket upgrades are passed through.
 */
import http from "node:http";
import type { Duplex } from "node:stream";

/** How long a client's idle keep-alive connection stays open, announced in every answer. */
export const IDLE_TIMEOUT_SECONDS = 600;

// Headers that describe one connection, not the message: never passed from one hop to the next.
// (Expect too: this server has already answered a client's "100-continue" itself.)
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "expect"]);

/** Raw headers ([name, value, name, value, …]) without the hop-by-hop ones and those the Connection header names. */
function endToEnd(raw: string[], keep: readonly string[] = []): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === "connection") for (const token of raw[i + 1]!.split(",")) named.add(token.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (keep.includes(name) || (!HOP_BY_HOP.has(name) && !named.has(name))) out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

/**
 * The request's headers for workerd. Like Cloudflare's edge (and Miniflare, which sets it from the
 * socket it sees, here always this server's), a request without CF-Connecting-IP gets the client's
 * address; one a client sends is kept, which the journeys use to give each test an address of its own.
 */
function upstreamHeaders(request: http.IncomingMessage, keep: readonly string[] = []): string[] {
  const headers = endToEnd(request.rawHeaders, keep);
  if (request.headers["cf-connecting-ip"] === undefined && request.socket.remoteAddress) {
    headers.push("CF-Connecting-IP", request.socket.remoteAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, ""));
  }
  return headers;
}

function head(status: number, message: string | undefined, raw: string[]): string {
  const lines = [`HTTP/1.1 ${status} ${message ?? http.STATUS_CODES[status] ?? ""}`];
  for (let i = 0; i < raw.length; i += 2) lines.push(`${raw[i]}: ${raw[i + 1]}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}

export type HttpFront = { server: http.Server; close(): Promise<void> };

/** Listens on host:port and sends every request on to the workerd server at `upstream`. */
export async function startHttpFront(options: { host: string; port: number; upstream: URL }): Promise<HttpFront> {
  const target = { host: options.upstream.hostname, port: Number(options.upstream.port) };
  const server = http.createServer({
    keepAliveTimeout: IDLE_TIMEOUT_SECONDS * 1000,
    noDelay: true,
  });

  server.on("request", (request: http.IncomingMessage, response: http.ServerResponse) => {
    const forward = http.request({
      ...target,
      method: request.method,
      path: request.url,
      headers: upstreamHeaders(request),
      setHost: false,
      agent: false, // a connection of its own, closed after this one answer
    });
    forward.on("response", (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
      answer.pipe(response);
      // Cut off midway (the Worker failed while streaming): the client must see a broken answer, not a short one.
      answer.on("error", () => response.destroy());
      answer.on("aborted", () => response.destroy());
    });
    let clientGone = false;
    forward.on("error", (error) => {
      if (clientGone) return; // destroyed below, because the client went away: nothing to report
      if (response.headersSent) {
        response.destroy();
        return;
      }
      console.error(`local server: ${request.method} ${request.url} could not reach workerd: ${error.message}`);
      response.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
      response.end("The local server could not reach the Worker. Is it still starting?\n");
    });
    // The client went away before the whole answer: so does the request to workerd (request.signal aborts).
    response.on("close", () => {
      if (response.writableFinished) return;
      clientGone = true;
      forward.destroy();
    });
    request.pipe(forward);
  });

  server.on("upgrade", (request: http.IncomingMessage, socket: Duplex, early: Buffer) => {
    const forward = http.request({
      ...target,
      method: request.method,
      path: request.url,
      headers: upstreamHeaders(request, ["connection", "upgrade"]),
      setHost: false,
      agent: false,
    });
    const closeBoth = (other?: Duplex) => {
      socket.destroy();
      other?.destroy();
    };
    forward.on("upgrade", (answer, upstream, upstreamEarly) => {
      socket.write(head(answer.statusCode ?? 101, answer.statusMessage, answer.rawHeaders));
      if (upstreamEarly.length) socket.write(upstreamEarly);
      if (early.length) upstream.write(early);
      upstream.pipe(socket);
      socket.pipe(upstream);
      for (const end of [socket, upstream]) {
        end.on("error", () => closeBoth(upstream));
        end.on("close", () => closeBoth(upstream));
      }
    });
    // Refused (not a WebSocket route, or not allowed): pass the answer on and close.
    forward.on("response", (answer) => {
      socket.write(head(answer.statusCode ?? 502, answer.statusMessage, [...endToEnd(answer.rawHeaders), "Connection", "close"]));
      answer.pipe(socket);
    });
    forward.on("error", () => closeBoth());
    socket.on("error", () => forward.destroy());
    forward.end();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
