/**
 * node scripts/check-references.mjs — code points into docs/, never at documents outside
 * the repository (the old specification's sections, the old design notes) or at issue
 * numbers: a newcomer can open docs/product.md, not a tracker or a file nobody has.
 *
 * ESLint enforces this in every file it lints (khata-docs/no-outside-references in
 * eslint.config.js, which imports the patterns below). This script checks the code ESLint
 * does not read: the SQL functions, the CI script, shell scripts, HTML and CSS. Migrations
 * are left alone: each is a record of the change it made, as CHANGELOG.md is.
 * Exits 1 and lists each finding as file:line:column.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** What code must not point at, each with the words a finding uses for it. */
export const outsideReferences = [
  { pattern: /\bspec(?:'s|’s)?\s*§/giu, what: 'a section of the old specification' },
  { pattern: /\bdesign(?:\.md)?\s*§|\bdesign\.md\b/giu, what: 'the old design notes' },
  { pattern: /\bissues?\s+\d+\b/giu, what: 'an issue number' },
];

/** Every outside reference in `text`, in order: where it starts, the words, and what it points at. */
export function findOutsideReferences(text) {
  const found = [];
  for (const { pattern, what } of outsideReferences) {
    for (const match of text.matchAll(pattern)) found.push({ index: match.index, text: match[0], what });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** How a finding tells the author what to do instead. */
export const outsideReferenceAdvice =
  'point into docs/ instead (docs/product.md#<section>, docs/security.md, docs/decisions.md, …) or say the reason';

/** Code files ESLint does not lint (eslint.config.js lints the .ts, .tsx, .js and .mjs files). */
const unlinted = (path) =>
  !path.startsWith('server/db/migrations/')
  && (/\.(sql|sh|html|css)$/.test(path) || path.startsWith('.ci/'));

function main() {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n').filter(Boolean).filter(unlinted);
  let count = 0;
  for (const file of files) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // listed by git but deleted in the working tree
    }
    const lineStarts = [0];
    for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') lineStarts.push(i + 1);
    for (const finding of findOutsideReferences(text)) {
      let line = lineStarts.length - 1;
      while (lineStarts[line] > finding.index) line -= 1;
      console.log(`${file}:${line + 1}:${finding.index - lineStarts[line] + 1}: "${finding.text}" points at ${finding.what}; ${outsideReferenceAdvice}.`);
      count += 1;
    }
  }
  if (count > 0) {
    console.log(`\n${count} reference${count === 1 ? '' : 's'} outside docs/ in ${files.length} files checked.`);
    process.exit(1);
  }
  console.log(`No references outside docs/ in ${files.length} files ESLint does not lint.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
