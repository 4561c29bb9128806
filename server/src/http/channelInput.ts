import type { FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A channel delivers customers' text here (a webhook, the sandbox's phone): never refused for
     * its characters, the inbound pipeline makes them storable (channels/storableText.ts).
     */
    channelInput?: boolean;
  }
}

/** Whether the request is a channel's delivery of what customers wrote. */
export const isChannelInput = (request: FastifyRequest) => request.routeOptions.config?.channelInput === true;
