import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { adminBusiness, page, urls } from '@/features/admin/test-fixtures';
import { ApprovalsPanel } from './approvals-panel';

type Handlers = Parameters<typeof stubFetch>[0];

const applicant = adminBusiness({
  businessName: 'Sharma General Store',
  businessType: 'Retail',
  contactName: 'Ravi Sharma',
  email: 'ravi@sharma.test',
  phone: '+919812345678',
  address: '12 MG Road, Pune',
  transactionFeePercent: '2.00',
  maxCreditLimit: '50000.00',
  createdAt: '2025-03-11T20:00:00.000Z',
});

function setup(handlers: Handlers = {}, { delayMs = 0 }: { delayMs?: number | 'default' } = {}) {
  const calls = stubFetch({
    [urls.pending]: () => json(200, page([applicant])),
    [urls.approved]: () => json(200, page([])),
    [urls.rejected]: () => json(200, page([])),
    [urls.decide]: () => json(200, { success: true, updated: 1 }),
    ...handlers,
  });
  const user = userEvent.setup(
    vi.isFakeTimers() ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {},
  );
  renderWithApp(delayMs === 'default' ? <ApprovalsPanel /> : <ApprovalsPanel decisionDelayMs={delayMs} />);
  return { user, calls };
}

async function openReview(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Review Sharma General Store' }));
  return screen.getByRole('dialog', { name: 'Review Application' });
}

const decisions = (calls: RecordedCall[]) => callsTo(calls, urls.decide);

afterEach(() => {
  vi.useRealTimers();
});

describe('Approvals panel', () => {
  it('lists a pending application with its details and a Review action', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Pending applications' });
    const card = within(list).getByRole('listitem');
    for (const text of [
      'Sharma General Store', 'Retail', 'Ravi Sharma', 'ravi@sharma.test', '+919812345678', '12 MG Road, Pune',
      '12 Mar 2025', 'Pending',
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).getByRole('button', { name: 'Review Sharma General Store' })).toHaveTextContent('Review');
  });

  it('says when there is nothing pending', async () => {
    setup({ [urls.pending]: () => json(200, page([])) });
    expect(await screen.findByText('No pending applications')).toBeInTheDocument();
  });

  it('opens Review Application with the details, the notes, reason and terms fields', async () => {
    const { user } = setup();
    const dialog = await openReview(user);
    expect(within(dialog).getByText('Ravi Sharma')).toBeInTheDocument();
    expect(within(dialog).getByText('12 MG Road, Pune')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Approval Notes')).toHaveValue('');
    expect(within(dialog).getByLabelText('Rejection Reason')).toHaveValue('');
    expect(within(dialog).getByLabelText('Transaction Fee (%)')).toHaveAttribute('placeholder', '2.00');
    expect(within(dialog).getByLabelText('Max Credit Limit (₹)')).toHaveAttribute('placeholder', '50000.00');
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('approves with notes and terms, says Success, closes and refetches both lists', async () => {
    const { user, calls } = setup();
    // Visit Approved first so its list is cached and must be refetched afterwards.
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    await screen.findByText('No approved businesses');
    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    const dialog = await openReview(user);
    await user.type(within(dialog).getByLabelText('Approval Notes'), '  Documents verified  ');
    await user.type(within(dialog).getByLabelText('Transaction Fee (%)'), '2.5');
    await user.type(within(dialog).getByLabelText('Max Credit Limit (₹)'), '75000');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await expectToast('Success', 'Business applications updated successfully');
    expect(decisions(calls).map((call) => call.body)).toEqual([{
      businessIds: [applicant.id],
      action: 'approve',
      notes: 'Documents verified',
      transactionFeePercent: '2.50',
      maxCreditLimit: '75000.00',
    }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(callsTo(calls, urls.pending)).toHaveLength(2));

    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    await vi.waitFor(() => expect(callsTo(calls, urls.approved)).toHaveLength(2));
  });

  it('approves with only the ids and the action when nothing optional is filled in', async () => {
    const { user, calls } = setup();
    const dialog = await openReview(user);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expectToast('Success', 'Business applications updated successfully');
    expect(decisions(calls)[0]!.body).toEqual({ businessIds: [applicant.id], action: 'approve' });
  });

  it('refuses to reject without a reason and sends nothing', async () => {
    const { user, calls } = setup();
    const dialog = await openReview(user);
    await user.type(within(dialog).getByLabelText('Rejection Reason'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expectToast('Reason Required', 'Please provide a reason for rejection');
    expect(decisions(calls)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Review Application' })).toBeInTheDocument();
  });

  it('rejects with the reason and leaves the approval terms out', async () => {
    const { user, calls } = setup();
    const dialog = await openReview(user);
    await user.type(within(dialog).getByLabelText('Rejection Reason'), 'Address could not be verified');
    await user.type(within(dialog).getByLabelText('Transaction Fee (%)'), 'not a fee');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expectToast('Success', 'Business applications updated successfully');
    expect(decisions(calls)[0]!.body).toEqual({
      businessIds: [applicant.id],
      action: 'reject',
      reason: 'Address could not be verified',
    });
  });

  it('refuses a fee that is not a percent when approving', async () => {
    const { user, calls } = setup();
    const dialog = await openReview(user);
    await user.type(within(dialog).getByLabelText('Transaction Fee (%)'), '100.5');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expectToast('Invalid Fee', 'Transaction fee must be a percent from 0 to 100 with at most 2 decimals');
    expect(decisions(calls)).toHaveLength(0);
  });

  it.each([
    ['a server error', () => new Response('', { status: 500, statusText: 'Internal Server Error' })],
    ['an application decided elsewhere', () => apiError(409, 'Sharma General Store has already been approved', 'already_decided')],
  ])('on %s says Error / Failed to update business applications and stays open', async (_, answer) => {
    const { user, calls } = setup({ [urls.decide]: answer });
    const dialog = await openReview(user);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expectToast('Error', 'Failed to update business applications');
    expect(screen.getByRole('dialog', { name: 'Review Application' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
    // Whatever happened, the lists may be stale now.
    await vi.waitFor(() => expect(callsTo(calls, urls.pending)).toHaveLength(2));
  });

  it('waits 1 second by default before sending, showing Processing... meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let sentAt = 0;
    const { user, calls } = setup(
      {
        [urls.decide]: () => {
          sentAt = Date.now();
          return json(200, { success: true, updated: 1 });
        },
      },
      { delayMs: 'default' },
    );
    const dialog = await openReview(user);
    const clickedAt = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(decisions(calls)).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(600));
    await expectToast('Success', 'Business applications updated successfully');
    expect(decisions(calls)).toHaveLength(1);
    expect(sentAt - clickedAt).toBeGreaterThanOrEqual(1_000);
  });

  it('lists approved businesses with the decision, without a Review action', async () => {
    const approved = adminBusiness({
      businessName: 'Patel Sweets',
      status: 'approved',
      decisionNotes: 'Verified in person',
      decidedAt: '2025-03-12T06:30:00.000Z',
    });
    const { user } = setup({ [urls.approved]: () => json(200, page([approved])) });
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    const list = await screen.findByRole('list', { name: 'Approved businesses' });
    expect(within(list).getByText('Patel Sweets')).toBeInTheDocument();
    expect(within(list).getByText('Approved', { selector: 'span' })).toBeInTheDocument();
    expect(within(list).getByText('Verified in person')).toBeInTheDocument();
    expect(within(list).getByText('Approved 12 Mar 2025, 12:00 pm')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Review/ })).not.toBeInTheDocument();
  });

  it('lists rejected businesses with the rejection reason', async () => {
    const rejected = adminBusiness({
      businessName: 'Quick Cash Loans',
      status: 'rejected',
      rejectionReason: 'Lending is not allowed',
      decidedAt: '2025-03-12T06:30:00.000Z',
    });
    const { user } = setup({ [urls.rejected]: () => json(200, page([rejected])) });
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    const list = await screen.findByRole('list', { name: 'Rejected businesses' });
    expect(within(list).getByText('Quick Cash Loans')).toBeInTheDocument();
    expect(within(list).getByText('Rejection Reason')).toBeInTheDocument();
    expect(within(list).getByText('Lending is not allowed')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Review/ })).not.toBeInTheDocument();
  });

  it.each([
    ['Approved', urls.approved, 'No approved businesses'],
    ['Rejected', urls.rejected, 'No rejected businesses'],
  ])('says when the %s list is empty', async (tab, _url, text) => {
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: tab }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('loads more while the server has a next page', async () => {
    const later = adminBusiness({ businessName: 'Older Application' });
    const { user, calls } = setup({
      [urls.pending]: () => json(200, page([applicant], 'cursor-1')),
      [`${urls.pending}&cursor=cursor-1`]: () => json(200, page([later])),
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older Application')).toBeInTheDocument();
    expect(screen.getByText('Sharma General Store')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsTo(calls, `${urls.pending}&cursor=cursor-1`)).toHaveLength(1);
  });

  it('shows a failed load with a Retry that loads again', async () => {
    let fail = true;
    const { user } = setup({
      [urls.pending]: () => (fail ? apiError(500, 'Internal error', 'internal') : json(200, page([applicant]))),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load pending applications.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sharma General Store')).toBeInTheDocument();
  });
});
