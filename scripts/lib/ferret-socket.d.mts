export function accepts(target: { port: number; host?: string } | { path: string }): Promise<boolean>;
export function socketAccepts(socketPath: string): Promise<boolean>;
export function socketOwnedBy(socketPath: string, pid: number): boolean;
export function socketPathFor(dataDir: string): string;
export function clearSocketPath(socketPath: string, dataDir: string): Promise<void>;
