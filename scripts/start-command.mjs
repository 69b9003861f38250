/**
 * The node command `npm start` ends with, as the words its shell passes to node: the benchmarks
 * (bench/lib.ts) and server/main.test.ts start the server with exactly these.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The arguments after `node` in package.json's start script, for a server whose environment is
 * `env`: the shell npm runs the script in expands them (its `$(…)` asks
 * scripts/server-node-flags.mjs for the engine's flags), so the same shell is asked here.
 */
export function startNodeArgs(env) {
  const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const command = start.split('&&').at(-1).trim();
  const words = execFileSync('sh', ['-c', `set -- ${command}; printf '%s\\0' "$@"`], { env, encoding: 'utf8' }).split('\0').slice(0, -1);
  if (words[0] !== 'node') throw new Error(`npm start no longer ends with a node command: ${start}`);
  return words.slice(1);
}
