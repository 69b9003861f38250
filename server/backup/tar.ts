/**
 * The embedded backup's file format: a gzipped POSIX tar (ustar) of the data directory,
 * written and read as streams so a large database never sits in memory whole. Only regular
 * files and directories, as a PostgreSQL data directory holds; `tar xzf` reads it too.
 */
import { createReadStream, createWriteStream, mkdirSync, readdirSync, statSync, type WriteStream } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const blockBytes = 512;
/** A longer name (a path in a PostgreSQL data directory never is) would need the ustar prefix field. */
const nameBytesMax = 99;

export interface TarEntry { name: string; directory: boolean; sizeBytes: number }

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(entry: TarEntry, mtimeSeconds: number): Buffer {
  if (Buffer.byteLength(entry.name) > nameBytesMax) throw new Error(`${entry.name}: name too long for the backup's tar format`);
  const block = Buffer.alloc(blockBytes);
  block.write(entry.name, 0, 100, 'utf8');
  block.write(octal(entry.directory ? 0o700 : 0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(entry.directory ? 0 : entry.sizeBytes, 12), 124, 'ascii');
  block.write(octal(mtimeSeconds, 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write(entry.directory ? '5' : '0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

function parseHeader(block: Buffer): TarEntry & { type: string } {
  const stored = block.subarray(148, 156).toString('ascii');
  const copy = Buffer.from(block);
  copy.write(' '.repeat(8), 148, 'ascii');
  let sum = 0;
  for (const byte of copy) sum += byte;
  if (block.subarray(257, 262).toString('ascii') !== 'ustar' || parseInt(stored, 8) !== sum) {
    throw new NotATarError('a tar header is damaged');
  }
  const text = (start: number, length: number) => {
    const raw = block.subarray(start, start + length);
    const end = raw.indexOf(0);
    return raw.subarray(0, end === -1 ? length : end).toString('utf8');
  };
  const prefix = text(345, 155);
  const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
  const type = String.fromCharCode(block[156]!) || '0';
  const size = text(124, 12).trim() || '0';
  // Octal digits only: parseInt would read "zz" as NaN and "7x" as 7, misaligning every read after.
  if (!/^[0-7]{1,11}$/.test(size)) throw new NotATarError(`the size of ${name} is damaged`);
  return { name, type, directory: type === '5', sizeBytes: parseInt(size, 8) };
}

export class NotATarError extends Error {}

/** The most an entry kept in memory may hold. */
export const keptBytesMax = 64 * 1024;

/** Every file and directory under `root`, parents first, as tar names relative to it. */
function walk(root: string, relative = ''): { path: string; entry: TarEntry }[] {
  const out: { path: string; entry: TarEntry }[] = [];
  for (const name of readdirSync(join(root, relative)).sort()) {
    const path = join(root, relative, name);
    const tarName = relative ? `${relative}/${name}` : name;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      out.push({ path, entry: { name: `${tarName}/`, directory: true, sizeBytes: 0 } });
      out.push(...walk(root, tarName));
    } else if (stat.isFile()) {
      out.push({ path, entry: { name: tarName, directory: false, sizeBytes: stat.size } });
    }
  }
  return out;
}

async function* tarBlocks(root: string, first: { name: string; data: Buffer }[]): AsyncGenerator<Buffer> {
  const mtime = Math.floor(Date.now() / 1000);
  const pad = (size: number) => Buffer.alloc((blockBytes - (size % blockBytes)) % blockBytes);
  for (const extra of first) {
    yield header({ name: extra.name, directory: false, sizeBytes: extra.data.length }, mtime);
    yield extra.data;
    yield pad(extra.data.length);
  }
  for (const { path, entry } of walk(root)) {
    yield header(entry, mtime);
    if (entry.directory) continue;
    let read = 0;
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      read += chunk.length;
      yield chunk;
    }
    // The directory is a private copy nobody writes to, so its sizes cannot change.
    if (read !== entry.sizeBytes) throw new Error(`${path} changed while it was archived`);
    yield pad(read);
  }
  yield Buffer.alloc(blockBytes * 2);
}

/**
 * Writes `root`'s files as a gzipped tar to `file`, after the `first` entries (a small
 * manifest). Level 1: PostgreSQL pages compress well even so, and the backup is quicker.
 */
export async function writeTarGz(root: string, file: string, first: { name: string; data: Buffer }[] = []): Promise<number> {
  const out: WriteStream = createWriteStream(file, { flags: 'wx' });
  await pipeline(Readable.from(tarBlocks(root, first)), createGzip({ level: 1 }), out);
  return out.bytesWritten;
}

/**
 * Extracts a gzipped tar into `into`. `onEntry` sees each entry first and may return a
 * buffer-taking function to keep it in memory instead of on disk (for the manifest); names
 * that would leave `into` are refused.
 */
export async function extractTarGz(
  file: string, into: string, onEntry: (entry: TarEntry, index: number) => ((data: Buffer) => void) | undefined = () => undefined,
): Promise<number> {
  let buffered: Buffer = Buffer.alloc(0);
  let index = 0;
  let ended = false;
  /** The entry being read: bytes still due, padding after, and where they go. */
  let current: { remaining: number; padding: number; out?: WriteStream; keep?: { chunks: Buffer[]; done(data: Buffer): void } } | undefined;

  const write = (out: WriteStream, data: Buffer) => new Promise<void>((resolve, reject) =>
    out.write(data, (error) => (error ? reject(error) : resolve())));
  const close = (out: WriteStream) => new Promise<void>((resolve, reject) => {
    out.on('error', reject);
    out.end(resolve);
  });

  const consume = async () => {
    for (;;) {
      if (ended) return;
      if (!current) {
        if (buffered.length < blockBytes) return;
        const block = buffered.subarray(0, blockBytes);
        buffered = buffered.subarray(blockBytes);
        if (block.every((byte) => byte === 0)) { ended = true; return; }
        const entry = parseHeader(block);
        const target = normalize(join(into, entry.name));
        if (!(target + sep).startsWith(normalize(into) + sep) || entry.name.split('/').includes('..')) {
          throw new NotATarError(`the entry ${entry.name} would leave the target directory`);
        }
        const keep = onEntry(entry, index++);
        const padding = (blockBytes - (entry.sizeBytes % blockBytes)) % blockBytes;
        if (entry.directory) {
          mkdirSync(target, { recursive: true });
          continue;
        }
        if (entry.type !== '0') throw new NotATarError(`the entry ${entry.name} is not a regular file`);
        if (keep) {
          // Kept in memory (the manifest): a few hundred bytes, never what a crafted header claims.
          if (entry.sizeBytes > keptBytesMax) throw new NotATarError(`${entry.name} is too large (${entry.sizeBytes} bytes)`);
          current = { remaining: entry.sizeBytes, padding, keep: { chunks: [], done: keep } };
        }
        else {
          mkdirSync(dirname(target), { recursive: true });
          current = { remaining: entry.sizeBytes, padding, out: createWriteStream(target, { flags: 'wx', mode: 0o600 }) };
        }
      }
      const take = Math.min(current.remaining, buffered.length);
      if (take > 0) {
        const part = buffered.subarray(0, take);
        buffered = buffered.subarray(take);
        current.remaining -= take;
        if (current.out) await write(current.out, part);
        else current.keep!.chunks.push(Buffer.from(part));
      }
      if (current.remaining > 0) return;
      if (buffered.length < current.padding) return;
      buffered = buffered.subarray(current.padding);
      if (current.out) await close(current.out);
      else current.keep!.done(Buffer.concat(current.keep!.chunks));
      current = undefined;
    }
  };

  await pipeline(createReadStream(file), createGunzip(), new Writable({
    write(chunk: Buffer, _encoding, callback) {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      consume().then(() => callback(), callback);
    },
  }));
  if (!ended || current) throw new NotATarError('the archive ends early');
  return index;
}
