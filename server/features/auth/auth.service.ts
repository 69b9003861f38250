/**
 * Accounts and sign-in, composed from their parts: registration, sign-in, PIN management,
 * admin accounts and counter mode's session (one file each); the rules they share are in
 * accounts.ts. No Fastify here.
 */
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { OtpService } from '../otp/otp.service';
import type { SessionService } from '../sessions/sessions.service';
import type { StatsService } from '../stats/stats.service';
import { createAdminService } from './admins.service';
import { createCounterService } from './counter.service';
import type { DeviceService } from './devices.service';
import { createPinManagementService } from './pin-management.service';
import type { PinService } from './pins.service';
import { createRegistrationService } from './registration.service';
import { createSignInService } from './sign-in.service';

export function createAuthService(deps: {
  db: Db; clock: Clock; pins: PinService; sessions: SessionService; devices: DeviceService; otp: OtpService;
  businesses: BusinessService; stats: StatsService; audit: AuditService;
}) {
  return {
    ...createRegistrationService(deps),
    ...createSignInService(deps),
    ...createPinManagementService(deps),
    ...createAdminService(deps),
    ...createCounterService(deps),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
