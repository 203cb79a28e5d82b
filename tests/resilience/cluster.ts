// The resilience suite's cluster lives in scripts/lib/cluster.ts (npm run soak starts the same one).
export { CRON_SECRET, Instance, startCluster, type Cluster, type InstanceName } from "../../scripts/lib/cluster";
