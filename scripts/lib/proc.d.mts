export const ROOT: string;
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export const PWA_DIST: string;
export function log(message: string): void;
export function run(command: string, args: string[], options?: object): Promise<void>;
export function ensureDependencies(): Promise<void>;
export function ensureChromium(): Promise<void>;
export function buildPwaIfStale(): Promise<void>;
