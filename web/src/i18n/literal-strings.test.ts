/**
 * No text a person reads is a literal: eslint.config.js's translation rules
 * (lingui/no-unlocalized-strings, and a selector for native elements' title) fail a
 * component that shows one, and this file makes that check part of `npm test`.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..');
const translationRules = new Set(['lingui/no-unlocalized-strings', 'no-restricted-syntax']);
// Only these rules run, on the files they cover: the boundary rules resolve every import and
// would take most of the time.
const eslint = new ESLint({
  cwd: root,
  ignorePatterns: ['**/*.test.{ts,tsx}', 'web/src/test/**'],
  ruleFilter: ({ ruleId }) => translationRules.has(ruleId),
});
const fixturePath = join(root, 'web/src/features/example/components/example-sheet.tsx');

/** What the translation rules report in `source`, as the reported text without its quotes. */
async function reportedTexts(source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: fixturePath });
  const lines = source.split('\n');
  const offsetOf = (line: number, column: number) => lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, column - 1);
  return result!.messages.map((message) => {
    expect(message.ruleId, message.message).toSatisfy((ruleId: string | null) => ruleId !== null && translationRules.has(ruleId));
    const text = source.slice(offsetOf(message.line, message.column), offsetOf(message.endLine!, message.endColumn!));
    return text.trim().replace(/^['"]|['"]$/g, '');
  });
}

describe('literal texts', () => {
  it('reports the texts a component shows or reads aloud, and not its keys, ids, routes or classes', async () => {
    const source = `import { toast } from '@/lib/toast-store';
export function ExampleSheet() {
  localStorage.setItem('khata-theme', 'dark');
  window.addEventListener('keydown', () => toast({ title: 'Saved', description: 'Your change is kept' }));
  return (
    <div id="example-sheet" data-testid="example-sheet" className="flex flex-col gap-2">
      <a href="/cust">Khata</a>
      <span title="Paid in full">₹100</span>
      <input type="file" accept="image/png" placeholder="Your name" />
      <button type="button" aria-label="Close the sheet">
        Pay now
      </button>
    </div>
  );
}
`;
    expect(await reportedTexts(source)).toEqual(['Saved', 'Your change is kept', 'Paid in full', 'Your name', 'Close the sheet', 'Pay now']);
  });

  it('reports nothing once the texts go through Lingui', async () => {
    const source = `import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast-store';
export function ExampleSheet() {
  const { t } = useLingui();
  const save = () => toast({ title: t\`Saved\`, description: t\`Your change is kept\` });
  return (
    <div className="flex flex-col gap-2" onClick={save}>
      <span title={t\`Paid in full\`}>₹100</span>
      <input placeholder={t\`Your name\`} />
      <button type="button" aria-label={t\`Close the sheet\`}>
        <Trans>Pay now</Trans>
      </button>
    </div>
  );
}
`;
    expect(await reportedTexts(source)).toEqual([]);
  });

  it('finds no literal text in web/src', async () => {
    const results = await eslint.lintFiles(['web/src']);
    // A file that does not parse is reported too (ruleId null), so it cannot pass unread.
    const found = results.flatMap((result) =>
      result.messages.map((message) => `${result.filePath.slice(root.length + 1)}:${message.line} ${message.ruleId}: ${message.message}`),
    );
    expect(results.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
    // Linting all of web/src takes ~10 s alone and over 20 s on a busy 2-core machine.
  }, 60_000);
});
