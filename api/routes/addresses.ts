import { createRoute, z } from '@hono/zod-openapi';
import { MAX_ADDRESSES } from '../../domain/address-book/limits.ts';
import { editAddressSchema, saveAddressSchema } from '../../domain/address-book/schemas.ts';
import { ShippingAddressSchema } from '../../projections/orders/documents.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import {
  type AddressBookView,
  addressBookOf,
  editAddress,
  removeAddress,
  saveAddress,
  setDefaultAddress,
} from '../commands/address-book.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, pathParam, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

const AddressBookSchema = z
  .object({
    addresses: z
      .array(
        z
          .object({
            id: z.string(),
            address: ShippingAddressSchema,
            isDefault: z.boolean().openapi({ description: 'The address checkout picks first: one while any is saved' }),
          })
          .openapi('SavedAddress'),
      )
      .openapi({ description: `At most ${MAX_ADDRESSES}: the default first, then the others in the order saved` }),
  })
  .openapi('AddressBook') satisfies z.ZodType<AddressBookView>;

const AddressBookChangeSchema = AddressBookSchema.extend({ position: PositionSchema }).openapi('AddressBookChange');

const AddressParams = z.object({ addressId: pathParam('addressId', 100) });

const tags = ['Addresses'];

/** The signed-in user's own saved addresses: no route names a user, and an id not theirs is not found. */
export const addressRoutes = (ctx: AppContext) =>
  router(guard())
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'getAddresses',
        tags,
        summary: 'The signed-in user’s saved addresses, the default first',
        responses: { 200: jsonResponse(AddressBookSchema, 'The saved addresses'), ...errors(401) },
      }),
      async (c) => c.json(await addressBookOf(ctx, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        operationId: 'saveAddress',
        tags,
        summary: `Save an address (at most ${MAX_ADDRESSES}); the first is the default, and an address already saved is kept once`,
        request: { body: jsonBody(saveAddressSchema) },
        responses: {
          200: jsonResponse(AddressBookChangeSchema, 'The saved addresses after saving'),
          ...errors(400, 401, 409, 413),
        },
      }),
      async (c) => c.json(await saveAddress(ctx, actorOf(requireUser(c)), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{addressId}',
        operationId: 'editAddress',
        tags,
        summary: 'Change a saved address (all its fields)',
        request: { params: AddressParams, body: jsonBody(editAddressSchema) },
        responses: {
          200: jsonResponse(AddressBookChangeSchema, 'The saved addresses after the change'),
          ...errors(400, 401, 404, 413),
        },
      }),
      async (c) =>
        c.json(
          await editAddress(ctx, actorOf(requireUser(c)), c.req.valid('param').addressId, c.req.valid('json')),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{addressId}',
        operationId: 'removeAddress',
        tags,
        summary: 'Remove a saved address; when it was the default, the oldest left becomes the default',
        request: { params: AddressParams },
        responses: {
          200: jsonResponse(AddressBookChangeSchema, 'The saved addresses after removing'),
          ...errors(400, 401, 404),
        },
      }),
      async (c) => c.json(await removeAddress(ctx, actorOf(requireUser(c)), c.req.valid('param').addressId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{addressId}/default',
        operationId: 'setDefaultAddress',
        tags,
        summary: 'Make a saved address the one checkout picks first',
        request: { params: AddressParams },
        responses: {
          200: jsonResponse(AddressBookChangeSchema, 'The saved addresses after the change'),
          ...errors(400, 401, 404),
        },
      }),
      async (c) => c.json(await setDefaultAddress(ctx, actorOf(requireUser(c)), c.req.valid('param').addressId), 200),
    );
