import { createContext } from "react-router";
import type { Actor } from "../domain/shared/actor.ts";
import type { Services } from "../server/services.ts";

/** What the server hands every loader and action: the shop's services and who is asking. */
export type RequestContext = { services: Services; actor: () => Promise<Actor>; clientIp: string };

export const requestContext = createContext<RequestContext>();
