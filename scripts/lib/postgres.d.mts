export const POSTGRES_DATABASE: string;
export interface PostgresCluster {
  url: string;
  port: number;
  socketDir: string;
  binDir: string;
  pgData: string;
  pid: number | undefined;
  psql(sql: string, database?: string): string;
  stop(): Promise<void>;
}
export function ensurePostgres(): Promise<string>;
export function postgresAvailable(): boolean;
export function socketUrl(socketDir: string, port: number, database?: string): string;
export function startPostgres(options: { dataDir: string; port: number; quiet?: boolean }): Promise<PostgresCluster>;
export interface FerretOnPostgres {
  uri: string;
  socketPath: string;
  pid: number | undefined;
  postgres: PostgresCluster | null;
  stop(): Promise<void>;
}
export function startFerretOnPostgres(options: {
  dataDir: string;
  postgresUrl?: string;
  postgresPort?: number;
  quiet?: boolean;
}): Promise<FerretOnPostgres>;
export function startTestDatabase(options: {
  dataDir: string;
}): Promise<{ uri: string; socketPath: string; pid: number | undefined; stop(): Promise<void> }>;
export function applyLookupIndexes(binDir: string, url: string): void;
