import type { AuthContext } from "../../context.server";
import { unprocessable, validationFailed } from "../../errors.server";
import { stringField } from "../../http.server";
import type { SessionResponse } from "~/auth/token-sessions.server";

/**
 * POST /token?grant_type=web3 {chain, message, signature} — Sign in with Ethereum/Solana. No chain
 * is enabled here (SPEC §7: unsupported chains are rejected), so a well-formed request gets what
 * GoTrue answers when both web3 providers are off: 422 web3_provider_disabled. A malformed one is
 * still a 400 first, so clients learn about their bug rather than about our configuration.
 */
export async function web3Grant(_ctx: AuthContext, body: Record<string, unknown>): Promise<SessionResponse> {
  const chain = stringField(body, "chain");
  const message = stringField(body, "message");
  const signature = stringField(body, "signature");
  if (!chain || !message || !signature) throw validationFailed("Web3 sign-in requires chain, message and signature");
  throw unprocessable("web3_provider_disabled", "Web3 provider is disabled");
}
