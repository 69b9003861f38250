/** Types of scripts/build-web.mjs, for the tests that import it (server/plugins/web-builds.test.ts). */
export const sourceInputs: { folders: string[]; files: string[] };
export const buildsKeptMax: number;
export function sourceHash(root?: string, inputs?: { folders: string[]; files: string[] }, env?: Record<string, string | undefined>): string;
export function readRecord(buildDir: string): { hash: string; builtAt: string; files: string[] } | null;
export function currentBuild(linkPath: string): string | null;
export function carryForward(previousDir: string, newDir: string): number;
export function switchTo(linkPath: string, buildDir: string, buildsDir: string): void;
export function prune(buildsDir: string, keep: number, protectedDirs: (string | null)[], now?: number): string[];
export function buildWeb(options?: {
  root?: string;
  buildInto?: (outDir: string) => Promise<void>;
  keep?: number;
  log?: (line: string) => void;
  hash?: string;
}): Promise<{ outcome: 'unchanged' | 'switched' | 'built'; hash: string; dir: string }>;
