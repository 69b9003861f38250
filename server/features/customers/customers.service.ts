/** Customers as others see them: found by payment handle, shown by their payment code. */
import type { CustomerQr } from '@common/api/types';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import * as repository from './customers.repository';

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

  return { paymentCode, findByPaymentHandle };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
