export function ensureFerretBinary(): string;
export function freePort(): Promise<number>;
export function portAccepts(port: number, host?: string): Promise<boolean>;
export function waitForPort(port: number, timeoutMs: number, isAlive?: () => boolean): Promise<boolean>;
export function startFerret(options: {
  dataDir: string;
  quiet?: boolean;
  postgresUrl?: string;
}): Promise<{ uri: string; socketPath: string; pid: number | undefined; stop: () => Promise<void> }>;
