import pino from "pino";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

/** Readable lines on a terminal, JSON lines otherwise (for log collectors). */
export function createLogger(config: Pick<Config, "logLevel">): Logger {
  const pretty = process.stdout.isTTY === true;
  return pino({
    level: config.logLevel,
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } } } : {}),
  });
}
