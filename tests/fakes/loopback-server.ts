import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type LoopbackServer = {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Stops the server, dropping any connection still open. */
  close: () => Promise<void>;
};

/**
 * Starts a fake outside service on 127.0.0.1 at a free port. A handler that throws answers 500
 * (when it has not answered yet) and ends the response.
 */
export async function startLoopbackServer(handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>): Promise<LoopbackServer> {
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  // Node closes an idle kept-alive connection after 5 s by default. workerd keeps such connections
  // for reuse, and a request it sends on one just as Node closes it fails with "Network connection
  // lost". Idle connections stay open here until the server closes.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
