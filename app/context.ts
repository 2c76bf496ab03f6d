import { createContext } from "react-router";
import type { RequestContext } from "../server/context.ts";

/** The key under which the server hands every loader, action and middleware its request context. */
export const requestContextKey = createContext<RequestContext>();
