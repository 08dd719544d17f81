export function ensureHaproxy(): Promise<string>;
export function haproxyConfig(options: { port: number; instances: number[] }): string;
export interface Topology {
  url: string;
  instanceUrls: string[];
  mongoUri: string;
  jwtSecret: string;
  startInstance(i: number): Promise<void>;
  stopInstance(i: number, signal?: NodeJS.Signals): Promise<unknown>;
  restartDatabase(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}
export function startTopology(options: {
  dir: string;
  instances?: number;
  port?: number;
  env?: Record<string, string>;
}): Promise<Topology>;
