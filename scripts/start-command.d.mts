/** Types of scripts/start-command.mjs, for bench/lib.ts and server/main.test.ts. */
export function startNodeArgs(env: Record<string, string | undefined>): string[];
