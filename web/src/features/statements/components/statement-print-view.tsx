import { Trans } from '@lingui/react/macro';
import { createPortal } from 'react-dom';
import type { Statement } from '@/features/statements/api/get-statement';
import { StatementDocument } from './statement-document';

/**
 * What "Print or save as PDF" prints: the statement alone, black on white, placed straight
 * in <body> so it prints the same from a screen or from a dialog. Hidden on screen; in
 * print, index.css hides everything else in <body> while it is there.
 */
export function StatementPrintView({ statement }: { statement: Statement }) {
  return createPortal(
    // Hidden from assistive technology too: on screen the statement is read where it is shown.
    <div aria-hidden="true" className="statement-print hidden bg-white font-sans text-black print:block">
      <h1 className="mb-3 text-lg font-bold">
        <Trans>Khata statement</Trans>
      </h1>
      <StatementDocument statement={statement} print />
    </div>,
    document.body,
  );
}
