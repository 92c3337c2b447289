import { createRoute, z } from '@hono/zod-openapi';
import { zoneTransitChangeSchema } from '../../../domain/delivery/zone-table-schemas.ts';
import { transitOn, type ZoneTransitEntry } from '../../../domain/delivery/zone-table.ts';
import { ZONE_LABELS, ZONES } from '../../../domain/delivery/zones.ts';
import { DELIVERY_METHODS } from '../../../domain/order/options.ts';
import { indianDate } from '../../../domain/tax/rates.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import { loadZoneTable, setZoneTransit } from '../../commands/delivery.ts';
import { errors, jsonBody, jsonResponse, PositionSchema, router } from '../../http/router.ts';
import type { AppContext } from '../../roles/context.ts';

const tags = ['Admin'];

const TransitSchema = z.object({
  minDays: z.number().int().openapi({ description: 'The earliest, in working days (Monday to Saturday)' }),
  maxDays: z.number().int().openapi({ description: 'The latest, in working days' }),
});

const ZoneTransitEntrySchema = z
  .object({
    zone: z.enum(ZONES),
    transit: z.object(
      Object.fromEntries(DELIVERY_METHODS.map((m) => [m, TransitSchema])) as Record<
        (typeof DELIVERY_METHODS)[number],
        typeof TransitSchema
      >,
    ),
    effectiveFrom: z.string().openapi({ description: 'First day it applies to (YYYY-MM-DD, in India)' }),
    source: z.string().openapi({ description: 'Where the figures come from, or why they changed' }),
    by: z.string().nullable().openapi({ description: "The admin who set it; null for MIBI's initial table" }),
    at: z.string().nullable().openapi({ description: "When it was set; null for MIBI's initial table" }),
  })
  .openapi('ZoneTransitEntry') satisfies z.ZodType<ZoneTransitEntry>;

const DeliveryZonesSchema = z
  .object({
    today: z.string().openapi({ description: 'Today in India (YYYY-MM-DD): the day `inForce` is for' }),
    zones: z.array(
      z.object({
        zone: z.enum(ZONES),
        label: z.string().openapi({ example: 'Metro to metro' }),
        inForce: ZoneTransitEntrySchema,
        history: z
          .array(ZoneTransitEntrySchema)
          .openapi({ description: 'In the order recorded, the initial entry first' }),
      }),
    ),
  })
  .openapi('DeliveryZones');

const ZoneParamsSchema = z.object({
  zone: z.enum(ZONES).openapi({ param: { name: 'zone', in: 'path' }, example: 'metro_to_metro' }),
});

/** The delivery zone table for admins: every zone's transit days per option, their histories, and changes from a day on. */
export const adminDeliveryZoneRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'getDeliveryZones',
        tags,
        summary: 'Every delivery zone’s transit days per delivery option, in force today and as they changed',
        responses: { 200: jsonResponse(DeliveryZonesSchema, 'The zone table'), ...errors(401, 403) },
      }),
      async (c) => {
        requireRole(c, 'admin');
        const table = await loadZoneTable(ctx);
        const today = indianDate(ctx.now());
        const zones = ZONES.map((zone) => ({
          zone,
          label: ZONE_LABELS[zone],
          inForce: transitOn(table, zone, today),
          history: table[zone],
        }));
        return c.json({ today, zones }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{zone}',
        operationId: 'setZoneTransit',
        tags,
        summary: 'Set a zone’s transit days per delivery option from a day on',
        description:
          'Recorded with the admin, the source or reason and the first day it applies to (today in India or later, never earlier). Repeating what is in force records nothing.',
        request: { params: ZoneParamsSchema, body: jsonBody(zoneTransitChangeSchema) },
        responses: {
          200: jsonResponse(z.object({ position: PositionSchema }), 'Set (or already so)'),
          ...errors(400, 401, 403, 413),
        },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const { zone } = c.req.valid('param');
        return c.json(await setZoneTransit(ctx, actorOf(admin), { zone, ...c.req.valid('json') }), 200);
      },
    );
