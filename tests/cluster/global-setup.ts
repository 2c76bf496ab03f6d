/**
 * Playwright's global setup for the browser journey through the balancer (playwright.cluster.config.ts):
 * a cluster whose balancer listens on the port the config chose (CLUSTER_PORT), stopped afterwards.
 */
import { startCluster } from "../support/cluster.ts";

export default async function globalSetup() {
  const cluster = await startCluster({}, { port: Number(process.env.CLUSTER_PORT) });
  return async () => {
    await cluster.stop();
  };
}
