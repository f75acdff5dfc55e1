import { FunctionError, functionJson, type ServerFunction } from "~/data-api/server-function.server";
import { finishSalesChatTurn, produceSalesReply, SalesChatError, startSalesChatTurn } from "./chat.server";

// SPEC §7 service-discovery-chat at /functions/v1/service-discovery-chat, for supabase-js:
// { message, conversationHistory, contactInfo } → { message }, answered once the reply is whole.
export const serviceDiscoveryChat: ServerFunction = {
  access: "anyone",
  async handle({ request, context, body }) {
    try {
      const turn = await startSalesChatTurn(context, request, await body());
      const reply = await produceSalesReply(context, turn, { signal: request.signal, pace: false, onText: () => undefined });
      await finishSalesChatTurn(context, turn, reply);
      return functionJson({ message: reply.content });
    } catch (error) {
      if (error instanceof SalesChatError) throw new FunctionError(error.status, error.code, error.message, error.headers);
      throw error;
    }
  },
};
