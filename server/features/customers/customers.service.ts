/**
 * Customers as others see them: found by payment handle, shown by their payment code; and
 * their own switch for approving a shop's charge by a code sent by SMS.
 */
import type * as z from 'zod/mini';
import type { CustomerQr } from '@common/api/types';
import type { smsApproval as smsApprovalAnswer } from '@common/schemas/responses';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import * as repository from './customers.repository';

type SmsApproval = z.output<typeof smsApprovalAnswer>;

export function createCustomerService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * The customer's own payment code: JSON with the handle, as merchants scan it
   * (docs/product.md#customer-app).
   */
  async function paymentCode(customerId: string): Promise<CustomerQr> {
    const customer = await repository.findById(db, customerId);
    if (!customer?.paymentHandle || !customer.phone) throw new AppError('customer_not_found');
    return {
      qrData: JSON.stringify({ paymentHandle: customer.paymentHandle, name: customer.name }),
      paymentHandle: customer.paymentHandle,
      name: customer.name,
      phoneNumber: customer.phone,
    };
  }

  const findByPaymentHandle = (paymentHandle: string) => repository.findByPaymentHandle(db, paymentHandle);

  /**
   * Whether a shop may charge the customer's Khata when they read out a code sent to their
   * phone (docs/product.md#sms-approval): off until they turn it on in the app, on for a
   * customer who signed up at a shop's counter that way.
   */
  async function smsApproval(customerId: string): Promise<SmsApproval> {
    const enabled = await repository.smsApprovalOf(db, customerId);
    if (enabled === null) throw new AppError('customer_not_found');
    return { enabled };
  }

  async function setSmsApproval(customerId: string, enabled: boolean): Promise<SmsApproval> {
    await repository.setSmsApproval(db, customerId, enabled);
    return smsApproval(customerId);
  }

  return { paymentCode, findByPaymentHandle, smsApproval, setSmsApproval };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
