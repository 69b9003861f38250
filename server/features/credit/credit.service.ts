/**
 * Credit accounts: an approved merchant gives a customer a limit; both see it. On the
 * wire `creditLimit` is the limit and `currentBalance` the available credit,
 * max(0, limit − owed) (docs/product.md#credit-accounts). Every write to an account goes
 * through the ledger (server/ledger/ledger.ts); this feature checks, reads and answers.
 */
import { randomUUID } from 'node:crypto';
import type { BusinessCreditAccount, CustomerCreditAccount } from '@common/api/types';
import { defaultLanguage } from '@common/languages';
import { availableCredit, formatRupees, paise, toWireAmount, type Paise } from '@common/money';
import type { ChangeLimitBody, CreateCreditAccountBody } from '@common/schemas/credit';
import type { RepaymentBody } from '@common/schemas/payments';
import { ledgerActor, type Actor } from '../../actor';
import { assert } from '../../assert';
import type { Clock } from '../../clock';
import { inTransaction, type Db, type Executor } from '../../db/client';
import { AppError } from '../../errors';
import type { Ledger } from '../../ledger/ledger';
import type { AuditService } from '../audit/audit.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { CustomerService } from '../customers/customers.service';
import type { EventService } from '../events/events.service';
import type { StatsService } from '../stats/stats.service';
import type { TransactionService } from '../transactions/transactions.service';
import { uuidv7 } from '../../ids';
import { indiaDay } from '../../india-days';
import * as repository from './credit.repository';

const amounts = (limitPaise: Paise, owedPaise: Paise) => ({
  creditLimit: toWireAmount(limitPaise),
  currentBalance: toWireAmount(availableCredit(limitPaise, owedPaise)),
  owed: toWireAmount(owedPaise),
});

type BusinessViewRow = Awaited<ReturnType<typeof repository.listForBusiness>>[number];

export const businessView = (row: BusinessViewRow): BusinessCreditAccount => ({
  id: row.id,
  customerId: row.customerId,
  customerName: row.customerName,
  paymentHandle: row.paymentHandle ?? '',
  phone: row.phone ?? '',
  ...amounts(row.limitPaise, row.owedPaise),
  createdAt: row.createdAt.toISOString(),
  overdue: toWireAmount(paise(row.overduePaise)),
  nextDueOn: row.nextDueOn,
  dueMoved: row.dueDeferredTo !== null,
  lastRemindedAt: row.lastRemindedAt?.toISOString() ?? null,
  language: row.language ?? defaultLanguage,
});

export function createCreditService(deps: {
  db: Db; clock: Clock; ledger: Ledger; businesses: BusinessService; customers: CustomerService; stats: StatsService;
  transactions: TransactionService; events: EventService; audit: AuditService;
}) {
  const { db, clock, ledger, businesses, customers, stats, transactions, events, audit } = deps;

  async function create(actor: Actor, body: CreateCreditAccountBody) {
    const business = await businesses.requireApproved(actor);
    businesses.refuseAboveMaximum(business, body.creditLimit);
    const customer = await customers.findByPaymentHandle(body.paymentHandle);
    if (!customer) throw new AppError('payment_handle_not_found', { paymentHandle: body.paymentHandle });
    const id = randomUUID();
    const now = clock();
    await inTransaction(db, async (tx) => {
      const opened = await ledger.openAccount(tx, {
        id, customerId: customer.id, businessId: business.id, limitPaise: body.creditLimit, now,
      });
      if (!opened) {
        throw new AppError('credit_account_exists', { customerName: customer.name });
      }
      await stats.bumpPlatform(tx, { creditAccounts: 1, creditLimitPaise: body.creditLimit });
      await audit.record(tx, actor, { action: 'credit_account_opened', subject: customer.name, amountPaise: body.creditLimit });
    });
    const account = await repository.findForBusiness(db, business.id, id, indiaDay(clock()));
    assert(account, 'the credit account just created exists');
    return { customerName: customer.name, creditAccount: businessView(account) };
  }

  async function changeLimit(actor: Actor, accountId: string, body: ChangeLimitBody) {
    const business = await businesses.requireApproved(actor);
    businesses.refuseAboveMaximum(business, body.creditLimit);
    const now = clock();
    const account = await inTransaction(db, async (tx) => {
      const previousLimit = await ledger.setLimit(tx, {
        businessId: business.id, accountId, limitPaise: body.creditLimit, now,
      });
      if (previousLimit === null) throw new AppError('credit_account_not_found');
      // The platform's credit granted (the admin's analytics) moves by the difference.
      await stats.bumpPlatform(tx, { creditLimitPaise: paise(body.creditLimit - previousLimit) });
      const changed = await repository.findForBusiness(tx, business.id, accountId, indiaDay(now));
      assert(changed, 'the credit account whose limit just changed exists');
      await audit.record(tx, actor, {
        action: 'limit_changed', subject: changed.customerName,
        details: { from: toWireAmount(previousLimit), to: toWireAmount(body.creditLimit) },
      });
      return changed;
    });
    return { creditAccount: businessView(account) };
  }

  async function listForCustomer(customerId: string): Promise<CustomerCreditAccount[]> {
    const rows = await repository.listForCustomer(db, customerId, indiaDay(clock()));
    return rows.map((row) => ({
      id: row.id,
      businessId: row.businessId,
      business: { businessName: row.businessName },
      ...amounts(row.limitPaise, row.owedPaise),
      overdue: toWireAmount(paise(row.overduePaise)),
      nextDueOn: row.nextDueOn,
      nextDueAmount: toWireAmount(paise(row.nextDuePaise)),
      upiId: row.upiVpa,
      remindersOptedOut: row.remindersOptedOutAt !== null,
    }));
  }

  async function listForBusiness(actor: Actor): Promise<BusinessCreditAccount[]> {
    return (await repository.listForBusiness(db, actor.businessId, indiaDay(clock()))).map(businessView);
  }

  /** What the customer can still spend with the business, or null without an account. */
  async function availableWith(customerId: string, businessId: string): Promise<Paise | null> {
    const account = await repository.findPair(db, customerId, businessId);
    return account ? availableCredit(account.limitPaise, account.owedPaise) : null;
  }

  /** One of the business's accounts as the merchant sees it (null when not theirs). */
  async function viewForBusiness(executor: Executor, businessId: string, accountId: string) {
    const row = await repository.findForBusiness(executor, businessId, accountId, indiaDay(clock()));
    return row ? businessView(row) : null;
  }

  /**
   * Records cash received from the customer: lowers what is owed, at most to zero. The row
   * is the person's, and a manager's or cashier's limits bound it (the ledger refuses above them).
   */
  async function recordRepayment(actor: Actor, accountId: string, body: RepaymentBody) {
    // Like every other act of a merchant, this needs an approved business
    // (docs/product.md#users-and-roles).
    const business = await businesses.requireApproved(actor);
    const now = clock();
    const transactionId = uuidv7(now.getTime());
    const customerId = await inTransaction(db, async (tx) => {
      const account = await ledger.repay(tx, {
        businessId: business.id, actor: ledgerActor(actor), accountId, amountPaise: body.amount, description: null, now, transactionId,
      });
      if (!account) {
        const existing = await repository.findForBusiness(tx, business.id, accountId, indiaDay(now));
        if (!existing) throw new AppError('credit_account_not_found');
        throw new AppError('repayment_above_owed', { owed: formatRupees(existing.owedPaise) });
      }
      return account.customerId;
    });
    // After the commit, never inside the transaction (see events.service.ts).
    events.publish({ id: transactionId, type: 'repayment', businessId: business.id, customerId });
    const repaid = await viewForBusiness(db, business.id, accountId);
    assert(repaid, 'the credit account just repaid exists');
    return { transaction: await transactions.view(db, transactionId), creditAccount: repaid };
  }

  return { create, changeLimit, listForCustomer, listForBusiness, availableWith, recordRepayment, viewForBusiness };
}

export type CreditService = ReturnType<typeof createCreditService>;
