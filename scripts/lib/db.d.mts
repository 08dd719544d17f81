export const FERRETDB_VERSION: string;
export function ensureFerretBinary(): string;
export function freePort(): Promise<number>;
export function portAccepts(port: number, host?: string): Promise<boolean>;
export function waitForPort(port: number, timeoutMs: number, isAlive?: () => boolean): Promise<boolean>;
export function startFerret(options: {
  dataDir: string;
  port: number;
  quiet?: boolean;
  postgresUrl?: string;
}): Promise<{ uri: string; port: number; pid: number | undefined; stop: () => Promise<void> }>;
