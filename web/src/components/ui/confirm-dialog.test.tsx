import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';
import { expectNoAxeViolations } from '@/test/axe';
import { expectToast } from '@/test/toast';
import { Toaster } from './toaster';
import { ConfirmDialog, type ConfirmAction } from './confirm-dialog';

/** A stand-in for a mutation hook: each call to the action waits until the test settles it. */
function fakeAction() {
  const settles: { id: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  function useAction(): ConfirmAction {
    const [isPending, setPending] = useState(false);
    return {
      isPending,
      mutateAsync: (id) => {
        setPending(true);
        return new Promise<void>((resolve, reject) => settles.push({ id, resolve, reject })).finally(() => setPending(false));
      },
    };
  }
  return { useAction, settles };
}

function setup(id: string | null, action = fakeAction()) {
  const onClose = vi.fn();
  const ui = (current: string | null) => (
    <I18nProvider i18n={i18n}>
      <ConfirmDialog
        id={current}
        onClose={onClose}
        title="Remove Ravi Kumar from the shop?"
        description="Ravi Kumar will be signed out at once."
        keepLabel="Keep"
        confirmLabel="Remove"
        useAction={action.useAction}
        doneTitle="Ravi Kumar was removed"
        failedTitle="Could not remove Ravi Kumar"
      />
      <Toaster />
    </I18nProvider>
  );
  const rendered = render(ui(id));
  return { ...action, onClose, user: userEvent.setup(), rerender: (next: string | null) => rendered.rerender(ui(next)) };
}

describe('ConfirmDialog', () => {
  it('is closed while there is nothing to confirm', () => {
    setup(null);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks with the title and description, is accessible, and Keep closes it without acting', async () => {
    const { user, onClose, settles } = setup('m-ravi');
    const dialog = screen.getByRole('dialog', { name: 'Remove Ravi Kumar from the shop?' });
    expect(dialog).toHaveAccessibleDescription('Ravi Kumar will be signed out at once.');
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['', 'Keep', 'Remove']);
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(settles).toHaveLength(0);
  });

  it('runs the action with the id, holds the button while it runs, then says so and closes', async () => {
    const { user, onClose, settles } = setup('m-ravi');
    const confirm = screen.getByRole('button', { name: 'Remove' });
    await user.click(confirm);
    expect(settles.map((settle) => settle.id)).toEqual(['m-ravi']);
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(onClose).not.toHaveBeenCalled();

    settles[0]!.resolve();
    await expectToast('Ravi Kumar was removed');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("says the server's refusal in a toast, and closes", async () => {
    const { user, onClose, settles } = setup('m-ravi');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    settles[0]!.reject(new ApiError(409, JSON.stringify({ error: 'The account the shop registered with always stays its owner' })));
    await expectToast('Could not remove Ravi Kumar', 'The account the shop registered with always stays its owner');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks to try again when the failure has no words from the server', async () => {
    const { user, settles } = setup('m-ravi');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    settles[0]!.reject(new TypeError('Failed to fetch'));
    await expectToast('Could not remove Ravi Kumar', 'Please try again');
  });

  it('starts afresh for another id: a request still pending for the first does not hold the button', async () => {
    const { user, settles, rerender } = setup('m-ravi');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    rerender('m-anil');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(settles.map((settle) => settle.id)).toEqual(['m-ravi', 'm-anil']);
  });
});
