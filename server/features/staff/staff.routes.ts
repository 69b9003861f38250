/**
 * The shop's people (docs/product.md#staff): parse, authorise, call the staff service. An
 * owner lists, invites, changes and revokes; the invited person, signed out, proves the
 * invited phone with an OTP (the otp_proof cookie, as registration does) and lists, accepts
 * or declines, counted on their address like every signed-out call.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceTrustTtlSeconds } from '@common/limits';
import { requireShop } from '../../plugins/access';
import { cookiePaths, deviceCookie, otpProofCookie, sessionCookie, type CookieOptions } from '../../plugins/cookies';
import { linkOrigin } from '../../plugins/security';
import { fromTable } from '../../route';
import type { StaffService } from './staff.service';

export async function staffRoutes(instance: FastifyInstance, { staff, publicUrl, sessionTtlSeconds, cookies }: {
  staff: StaffService; publicUrl: string | undefined; sessionTtlSeconds: number; cookies: CookieOptions;
}) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const owner = { access: ['shop:staff'] } as const;
  const proofOf = (request: FastifyRequest): string | undefined => request.cookies[otpProofCookie];
  const clearProof = (reply: FastifyReply) => reply.clearCookie(otpProofCookie, { path: cookiePaths.otpProof });

  app.route(fromTable('GET /api/business/staff', {
    config: owner,
    handler: async (request) => staff.list(requireShop(request)),
  }));

  // The SMS's link points at PUBLIC_URL when set, else at the origin the owner used (checked).
  app.route(fromTable('POST /api/business/staff/invitations', {
    config: owner,
    handler: async (request, reply) => {
      const invited = await staff.invite(requireShop(request), request.body, linkOrigin(request, publicUrl));
      return reply.status(201).send(invited);
    },
  }));

  app.route(fromTable('POST /api/business/staff/invitations/:id/cancel', {
    config: owner, idNotFound: 'staff_invitation_not_found',
    handler: async (request) => staff.cancelInvitation(requireShop(request), request.params.id),
  }));

  app.route(fromTable('POST /api/business/staff/:id', {
    config: owner, idNotFound: 'staff_member_not_found',
    handler: async (request) => staff.change(requireShop(request), request.params.id, request.body),
  }));

  app.route(fromTable('POST /api/business/staff/:id/revoke', {
    config: owner, idNotFound: 'staff_member_not_found',
    handler: async (request) => staff.revoke(requireShop(request), request.params.id),
  }));

  // The proof is left for the acceptance or refusal that follows the list.
  app.route(fromTable('GET /api/staff/invitations', {
    config: { access: 'public' },
    handler: async (request) => staff.forPhone(proofOf(request)),
  }));

  // Signed in as sign-in does it: the session and the device's trust as cookies, the session
  // token in the body; the proof, used up, is cleared.
  app.route(fromTable('POST /api/staff/invitations/:id/accept', {
    config: { access: 'public' }, idNotFound: 'staff_invitation_not_found',
    handler: async (request, reply) => {
      const { sessionToken, user, deviceToken } = await staff.accept(
        request.params.id, request.body, proofOf(request), request.cookies[deviceCookie],
      );
      void reply.setCookie(sessionCookie, sessionToken, cookies(request, cookiePaths.session, sessionTtlSeconds));
      void reply.setCookie(deviceCookie, deviceToken, cookies(request, cookiePaths.device, deviceTrustTtlSeconds));
      void clearProof(reply).status(201);
      return { sessionToken, user };
    },
  }));

  app.route(fromTable('POST /api/staff/invitations/:id/decline', {
    config: { access: 'public' }, idNotFound: 'staff_invitation_not_found',
    handler: async (request, reply) => {
      const declined = await staff.decline(request.params.id, proofOf(request));
      void clearProof(reply);
      return declined;
    },
  }));
}
