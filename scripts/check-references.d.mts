export interface ScannedFile {
  file: string;
  text: string;
}
export interface Problem {
  file: string;
  line: number;
  name: string;
  text: string;
}
export const SKIPPED_FILES: Set<string>;
export const PATTERNS: { name: string; re: RegExp }[];
export function findProblems(files: ScannedFile[], exists: (repoPath: string) => boolean): Problem[];
export function repositoryFiles(root?: string): ScannedFile[];
export function checkRepository(root?: string): Problem[];
