import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { SmsApprovalSwitch } from './sms-approval-switch';

const url = '/api/customer/sms-approval';

function setup(handlers: Record<string, (call: RecordedCall) => Response | Promise<Response>>) {
  const calls = stubFetch(handlers);
  const user = userEvent.setup();
  renderWithApp(<SmsApprovalSwitch />);
  return { calls, user };
}

const toggle = () => screen.getByRole('switch', { name: 'Approve purchases by SMS code' });

describe('Approve purchases by SMS code', () => {
  it('shows the switch as the server has it, with what it means', async () => {
    setup({ [`GET ${url}`]: () => json(200, { enabled: false }) });
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).toHaveAttribute('aria-checked', 'false');
    expect(toggle()).toHaveAccessibleDescription('A shop can charge your Khata when you tell them a code we send to your phone.');
    await expectNoAxeViolations();
  });

  it('turns approval by SMS code on, saying so, and off again', async () => {
    const { calls, user } = setup({
      [`GET ${url}`]: () => json(200, { enabled: false }),
      [`POST ${url}`]: (call) => json(200, { enabled: (call.body as { enabled: boolean }).enabled }),
    });
    await waitFor(() => expect(toggle()).toBeEnabled());
    await user.click(toggle());
    await expectToast('Approval by SMS code is on');
    expect(toggle()).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle());
    await expectToast('Approval by SMS code is off');
    expect(toggle()).toHaveAttribute('aria-checked', 'false');
    expect(callsTo(calls, `POST ${url}`).map((call) => call.body)).toEqual([{ enabled: true }, { enabled: false }]);
    expect(callsTo(calls, `GET ${url}`)).toHaveLength(1);
  });

  it('shows a customer who turned it on the switch on', async () => {
    setup({ [`GET ${url}`]: () => json(200, { enabled: true }) });
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-checked', 'true'));
  });

  it('says a refused change in the server’s words and leaves the switch as it was', async () => {
    const { user } = setup({
      [`GET ${url}`]: () => json(200, { enabled: false }),
      [`POST ${url}`]: () => apiError(400, 'enabled must be true or false', 'invalid_input', 'sms_approval_choice'),
    });
    await waitFor(() => expect(toggle()).toBeEnabled());
    await user.click(toggle());
    await expectToast('Error', 'enabled must be true or false');
    expect(toggle()).toHaveAttribute('aria-checked', 'false');
  });

  it('offers Try again when the switch cannot be loaded, then shows it', async () => {
    let answer = () => apiError(500, 'Something went wrong', 'internal');
    const { user, calls } = setup({ [`GET ${url}`]: () => answer() });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    answer = () => json(200, { enabled: true });
    await user.click(retry);
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-checked', 'true'));
    expect(callsTo(calls, `GET ${url}`)).toHaveLength(2);
  });
});
