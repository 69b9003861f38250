/**
 * Invitations by phone (docs/product.md#invitations): parse, authorise, call the invitation
 * service. The merchant invites, lists and cancels; the invited customer lists, accepts and
 * declines; the short link's two routes need no session (whoever holds the link reads the
 * offer and may refuse it), so they count on the caller's address like every signed-out call.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, requireShop } from '../../plugins/access';
import { linkOrigin } from '../../plugins/security';
import { fromTable } from '../../route';
import type { InvitationService } from './invitations.service';

export async function invitationRoutes(
  instance: FastifyInstance, { invitations, publicUrl }: { invitations: InvitationService; publicUrl: string | undefined },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const merchant = { access: ['shop:customers'] } as const;
  const customer = { access: ['customer'] } as const;

  // The link in the SMS and in the list points at PUBLIC_URL when set, else at the origin the merchant used (checked).
  app.route(fromTable('POST /api/business/invitations', {
    config: merchant,
    handler: async (request, reply) => {
      const created = await invitations.invite(requireShop(request), request.body, linkOrigin(request, publicUrl));
      return reply.status(201).send(created);
    },
  }));

  app.route(fromTable('GET /api/business/invitations', {
    config: merchant,
    handler: async (request) => invitations.listForBusiness(requireShop(request), linkOrigin(request, publicUrl)),
  }));

  app.route(fromTable('POST /api/business/invitations/:id/cancel', {
    config: merchant, idNotFound: 'invitation_not_found',
    handler: async (request) => invitations.cancel(requireShop(request), request.params.id, linkOrigin(request, publicUrl)),
  }));

  app.route(fromTable('GET /api/customer/invitations', {
    config: customer,
    handler: async (request) => invitations.listForCustomer(requireSession(request).user),
  }));

  app.route(fromTable('POST /api/customer/invitations/:id/accept', {
    config: customer, idNotFound: 'invitation_not_found',
    handler: async (request, reply) => {
      const accepted = await invitations.accept(requireSession(request).user, request.params.id);
      return reply.status(201).send(accepted);
    },
  }));

  app.route(fromTable('POST /api/customer/invitations/:id/decline', {
    config: customer, idNotFound: 'invitation_not_found',
    handler: async (request) => invitations.decline(requireSession(request).user, request.params.id),
  }));

  // 404 invitation_not_found for an unknown code, or text that is no code at all.
  app.route(fromTable('GET /api/invitations/:code', {
    config: { access: 'public' },
    handler: async (request) => invitations.link(request.params.code),
  }));

  app.route(fromTable('POST /api/invitations/:code/refuse', {
    config: { access: 'public' },
    handler: async (request) => invitations.refuse(request.params.code),
  }));
}
