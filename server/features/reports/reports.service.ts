/**
 * "Report a problem with this payment" (docs/product.md#refunds-and-reports). A customer's
 * report changes nothing owed: the merchant answers it with a refund (the refunds feature,
 * whose ledger call marks the report refunded) or declines it with a reason. A "not me"
 * report may also freeze the customer's Khata at every shop ("Freezing" in the same
 * section): every session ends, every trusted device is forgotten, sign-in and payments
 * are refused until the OTP PIN reset.
 */
import { randomUUID } from 'node:crypto';
import type { PaymentReport } from '@common/api/types';
import { reportListMax } from '@common/limits';
import { paise, toWireAmount } from '@common/money';
import type { DeclineReportBody, ReportBody, ReportsQuery } from '@common/schemas/refunds';
import type { ReportEventData } from '@common/schemas/events';
import type { Actor } from '../../actor';
import { assert } from '../../assert';
import type { Clock } from '../../clock';
import { inTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import type { DeviceService } from '../auth/devices.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { EventService } from '../events/events.service';
import type { SessionService } from '../sessions/sessions.service';
import * as repository from './reports.repository';

export function reportView(row: repository.ReportRow): PaymentReport {
  return {
    id: row.id,
    transactionId: row.transactionId,
    creditAccountId: row.creditAccountId,
    reason: row.reason,
    note: row.note,
    froze: row.froze,
    status: row.status,
    declineReason: row.declineReason,
    refundTransactionId: row.refundTransactionId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    customerName: row.customerName,
    businessName: row.businessName,
    paymentCreatedAt: row.paymentCreatedAt.toISOString(),
    amount: toWireAmount(row.amountPaise),
    fee: toWireAmount(row.feePaise),
    totalAmount: toWireAmount(row.totalPaise),
    refundable: toWireAmount(paise(row.amountPaise - row.refundedPaise)),
    refundedFee: toWireAmount(row.refundedFeePaise),
  };
}

const reportEvent = (report: PaymentReport, businessId: string): ReportEventData => ({
  reportId: report.id,
  transactionId: report.transactionId,
  businessId,
  status: report.status,
  reason: report.reason,
  froze: report.froze,
  amount: report.amount,
  customerName: report.customerName,
  businessName: report.businessName,
});

export function createReportService(deps: {
  db: Db; clock: Clock; businesses: BusinessService; sessions: SessionService; devices: DeviceService; events: EventService;
  audit: AuditService;
}) {
  const { db, clock, businesses, sessions, devices, events, audit } = deps;

  async function rowOf(id: string): Promise<repository.ReportRow> {
    const row = await repository.findById(db, id);
    assert(row, 'a payment report just written exists');
    return row;
  }

  /** Tells the merchant's open screens, and the customer's when `toCustomer`, where a report stands. */
  function announce(row: repository.ReportRow, toCustomer: boolean): PaymentReport {
    const report = reportView(row);
    events.publishReport({ event: reportEvent(report, row.businessId), customerId: toCustomer ? row.customerId : null });
    return report;
  }

  /**
   * A customer's report on one of their own payments. Refused, in this order: not their
   * row (404, as one that does not exist), not a payment, already reported. With `freeze`
   * (the schema allows it with "not me" only) the customer's Khata freezes in the same
   * transaction: frozen_at set, every session revoked, every trusted device forgotten.
   */
  async function create(customerId: string, transactionId: string, body: ReportBody): Promise<{ report: PaymentReport }> {
    const id = randomUUID();
    const now = clock();
    const freeze = body.freeze === true;
    await inTransaction(db, async (tx) => {
      const payment = await repository.findCustomerRow(tx, customerId, transactionId);
      if (!payment) throw new AppError('transaction_not_found');
      if (payment.type !== 'payment') throw new AppError('report_not_payment');
      const inserted = await repository.insertIfAbsent(tx, {
        id, transactionId: payment.id, customerId, businessId: payment.businessId, creditAccountId: payment.creditAccountId,
        reason: body.reason, note: body.note || null, froze: freeze, status: 'open', createdAt: now,
      });
      if (!inserted) throw new AppError('report_exists');
      if (freeze) {
        await repository.freeze(tx, customerId, now);
        await sessions.revokeOthers(tx, customerId);
        await devices.forgetAll(tx, customerId);
      }
    });
    // After the commit, never inside the transaction (see events.service.ts): the merchant's screens.
    return { report: announce(await rowOf(id), false) };
  }

  /** The shop's reports of one status (open unless asked), newest first, at most reportListMax. */
  async function listForBusiness(actor: Actor, query: ReportsQuery): Promise<{ reports: PaymentReport[] }> {
    const status = query.status ?? 'open';
    const rows = await repository.listForBusiness(db, actor.businessId, status === 'all' ? null : status, reportListMax);
    return { reports: rows.map(reportView) };
  }

  /** Declines an open report with the person's reason; nothing owed changes. */
  async function decline(actor: Actor, reportId: string, body: DeclineReportBody): Promise<{ report: PaymentReport }> {
    const business = await businesses.requireApproved(actor);
    const now = clock();
    await inTransaction(db, async (tx) => {
      const report = await repository.lockForBusiness(tx, business.id, reportId);
      if (!report) throw new AppError('report_not_found');
      if (report.status !== 'open') throw new AppError('report_already_answered');
      const marked = await repository.markDeclined(tx, report.id, { declineReason: body.reason, decidedAt: now });
      assert(marked, 'a report locked while open is still open');
      await audit.record(tx, actor, {
        action: 'report_declined', subject: report.customerName, amountPaise: report.amountPaise, details: { reason: body.reason },
      });
    });
    return { report: announce(await rowOf(reportId), true) };
  }

  /** After a refund that answered a report has committed: its news to both sides. */
  async function announceRefunded(reportId: string): Promise<void> {
    announce(await rowOf(reportId), true);
  }

  return { create, listForBusiness, decline, announceRefunded };
}

export type ReportService = ReturnType<typeof createReportService>;
