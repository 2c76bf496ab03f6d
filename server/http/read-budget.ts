import { isIPv6 } from "node:net";

/**
 * A budget of computed reads per client. A read of the catalogue that the store of shared answers
 * cannot answer (a search never asked before, a page not yet rendered, any read by a signed-in
 * visitor) costs the server milliseconds of its one thread: a client sending thousands of different
 * searches a second would take it all. Each client (an IPv4 address, or an IPv6 /64, which one
 * subscriber usually holds whole) may make `burst` such reads at once and `perSecond` more each
 * second; past that it is told to wait (429, Retry-After). Reads from the store cost nothing.
 *
 * Per process, in memory: it guards this process's time, which is what it spends. Shoppers and
 * crawlers stay far below it (a visitor typing in the catalogue's search box makes about six a
 * second); it is off where rate limits are (`RATE_LIMIT=false`, the tests and the benchmark).
 */
export type Budget = { burst: number; perSecond: number };

export const READ_BUDGET: Budget = { burst: 120, perSecond: 20 };

/** Clients tracked at once; past it the longest idle is forgotten (it had a full budget or nearly). */
const MAX_CLIENTS = 10_000;

export class ReadBudgets {
  readonly #budget: Budget;
  readonly #now: () => number;
  /** per client, the reads left and when that was counted (least recently seen first) */
  readonly #clients = new Map<string, { left: number; at: number }>();

  constructor(budget: Budget = READ_BUDGET, now: () => number = () => performance.now()) {
    this.#budget = budget;
    this.#now = now;
  }

  /** Takes one read from the client's budget: 0 when it had one, else the whole seconds until it will. */
  take(client: string): number {
    const key = clientKey(client);
    const now = this.#now();
    const held = this.#clients.get(key);
    const { burst, perSecond } = this.#budget;
    const left = held ? Math.min(burst, held.left + ((now - held.at) / 1000) * perSecond) : burst;
    this.#clients.delete(key);
    if (left < 1) {
      this.#clients.set(key, { left, at: now });
      return Math.max(1, Math.ceil((1 - left) / perSecond));
    }
    this.#clients.set(key, { left: left - 1, at: now });
    if (this.#clients.size > MAX_CLIENTS) this.#clients.delete(this.#clients.keys().next().value as string);
    return 0;
  }
}

/** The key a client's budget is kept under: its IPv4 address, or its IPv6 address's first 64 bits. */
export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  // an IPv4-mapped address is that IPv4 client
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  const [head, tail] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // only the first four groups count, so a trailing dotted IPv4 part needs no care
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  const first = groups.slice(0, 4).map((g) => Number.parseInt(g || "0", 16).toString(16));
  return `${first.join(":")}::/64`;
}
