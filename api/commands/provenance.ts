/**
 * Proof of origin's write side (issue 29): a seller's makers, products' origins, evidence
 * uploads and certificates; the admins' decisions; and the downloads of evidence, which only
 * the certificate's seller and the admins get. Another seller's maker or certificate answers
 * as one that does not exist (404), so ids reveal nothing.
 */
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Actor } from '../../domain/actor.ts';
import { DomainError } from '../../domain/decider.ts';
import { ALLOWED_IMAGE_TYPES } from '../../domain/product/image.ts';
import { certificateDecider } from '../../domain/provenance/certificate.ts';
import { evidenceDecider, evidenceFile } from '../../domain/provenance/evidence.ts';
import {
  type EvidenceFile,
  type EvidenceType,
  certificateStream,
  evidenceStream,
  makerStream,
  originStream,
} from '../../domain/provenance/events.ts';
import { makerDecider } from '../../domain/provenance/maker.ts';
import { originDecider } from '../../domain/provenance/origin.ts';
import {
  type CertificateInput,
  type MakerInput,
  type OriginInput,
  PROVENANCE_MESSAGES as M,
} from '../../domain/provenance/schemas.ts';
import type { BlobStore } from '../../platform/blobs/port.ts';
import { ApiError } from '../http/errors.ts';
import { PRIVATE_BLOB_FOLDER } from '../http/media.ts';
import { ResizeError, resizedImages } from '../images/resize.ts';
import type { CommandContext } from './context.ts';
import { loadProduct } from './product-facts.ts';
import { assertActorMaySell } from './sellers.ts';
import { recordPersonalDataView } from './staff-access.ts';
import { UPLOAD_REFUSALS, uploadOf } from './uploads.ts';

export interface CommandResult {
  id: string;
  /** Pass as `?after=` to read the change back. */
  position: number;
}

/** Evidence is written to, and read from, the blob store. */
export interface EvidenceContext extends CommandContext {
  platform: { blobs: Pick<BlobStore, 'put' | 'get'> };
}

export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_TOO_LARGE = /*i18n*/ 'Evidence files may be at most 10 MB';
export const EVIDENCE_TYPE_REFUSED = 'Evidence must be a PDF or an image (PNG, JPEG, WEBP or GIF)';

const notFound = (message: string) => new ApiError(404, 'not_found', message);
const IMAGE_TYPES: ReadonlySet<string> = new Set(ALLOWED_IMAGE_TYPES);

export const PHOTO_NOT_OWN = 'Upload the photo yourself: this one is not among your uploads';

/** A maker's photo is shown to everyone: it must be an upload of the seller's own (never a buyer's message image). */
async function assertOwnPhoto(cx: CommandContext, actor: Actor, { photo }: MakerInput): Promise<void> {
  if (photo !== null && !(await uploadOf(cx, actor.userId, photo)))
    throw new DomainError('invalid_photo', PHOTO_NOT_OWN, 'invalid', { photo: PHOTO_NOT_OWN });
}

export async function addMaker(cx: CommandContext, actor: Actor, fields: MakerInput): Promise<CommandResult> {
  await assertActorMaySell(cx, actor);
  await assertOwnPhoto(cx, actor, fields);
  const makerId = cx.newId();
  const command = { type: 'AddMaker', makerId, sellerId: actor.userId, fields, at: cx.now() } as const;
  const { position } = await cx.streams.handle(makerStream(makerId), makerDecider, command, { actor: actor.userId });
  return { id: makerId, position };
}

export async function changeMaker(
  cx: CommandContext,
  actor: Actor,
  makerId: string,
  fields: MakerInput,
): Promise<CommandResult> {
  await assertActorMaySell(cx, actor);
  await assertOwnPhoto(cx, actor, fields);
  const command = { type: 'ChangeMaker', makerId, sellerId: actor.userId, fields, at: cx.now() } as const;
  const { position } = await cx.streams.handle(makerStream(makerId), makerDecider, command, { actor: actor.userId });
  return { id: makerId, position };
}

export async function removeMaker(cx: CommandContext, actor: Actor, makerId: string): Promise<CommandResult> {
  await assertActorMaySell(cx, actor);
  const command = { type: 'RemoveMaker', makerId, sellerId: actor.userId, at: cx.now() } as const;
  const { position } = await cx.streams.handle(makerStream(makerId), makerDecider, command, { actor: actor.userId });
  return { id: makerId, position };
}

/** The product, when it is the actor's; another seller's answers as one never listed. */
async function ownProduct(cx: CommandContext, actor: Actor, productId: string): Promise<void> {
  const product = await loadProduct(cx, productId);
  if (product.sellerId !== actor.userId) throw notFound('Product not found');
}

/** Who made a product and how: its own seller only, naming only its own makers, none removed. */
export async function stateOrigin(
  cx: CommandContext,
  actor: Actor,
  productId: string,
  input: OriginInput,
): Promise<CommandResult> {
  await assertActorMaySell(cx, actor);
  await ownProduct(cx, actor, productId);
  for (const makerId of input.makerIds) {
    const { state } = await cx.streams.load(makerStream(makerId), makerDecider);
    if (!state || state.removed || state.sellerId !== actor.userId)
      throw new ApiError(400, 'validation_failed', M.makerUnavailable, { makerIds: M.makerUnavailable });
  }
  const command = { type: 'StateOrigin', productId, sellerId: actor.userId, ...input, at: cx.now() } as const;
  const { position } = await cx.streams.handle(originStream(productId), originDecider, command, {
    actor: actor.userId,
  });
  return { id: productId, position };
}

/** A file's name as evidence keeps it: its base name, only safe characters, the extension of what is stored. */
function evidenceName(name: string, contentType: EvidenceType): string {
  const base = name
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 80);
  return `${base || 'evidence'}.${contentType === 'application/pdf' ? 'pdf' : 'webp'}`;
}

/** The bytes as evidence keeps them: a PDF as sent, an image as WebP (upright, without its metadata). */
async function evidenceBytes(data: Buffer): Promise<{ data: Buffer; contentType: EvidenceType }> {
  const type = await fileTypeFromBuffer(data);
  if (type?.mime === 'application/pdf') return { data, contentType: 'application/pdf' };
  if (!type || !IMAGE_TYPES.has(type.mime)) throw new ApiError(415, 'invalid_file_type', EVIDENCE_TYPE_REFUSED);
  try {
    const widths = await resizedImages(data);
    return { data: widths[widths.length - 1]!.data, contentType: 'image/webp' };
  } catch (error) {
    if (error instanceof ResizeError) throw UPLOAD_REFUSALS[error.problem]();
    throw error;
  }
}

/**
 * Stores a seller's evidence file under a private key, judged by its bytes (a 413 or 415
 * otherwise): the file as a certificate names it in `evidenceIds`.
 */
export async function uploadEvidence(cx: EvidenceContext, actor: Actor, file: File): Promise<EvidenceFile> {
  await assertActorMaySell(cx, actor);
  if (file.size > MAX_EVIDENCE_BYTES) throw new ApiError(413, 'file_too_large', EVIDENCE_TOO_LARGE);
  const { data, contentType } = await evidenceBytes(Buffer.from(await file.arrayBuffer()));
  const evidenceId = cx.newId();
  const blobKey = `${PRIVATE_BLOB_FOLDER}evidence/${actor.userId}/${evidenceId}`;
  await cx.platform.blobs.put(blobKey, data, contentType);
  const upload = {
    evidenceId,
    sellerId: actor.userId,
    name: evidenceName(file.name, contentType),
    contentType,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    blobKey,
    at: cx.now(),
  };
  await cx.streams.handle(
    evidenceStream(evidenceId),
    evidenceDecider,
    { type: 'RecordEvidence', upload },
    { actor: actor.userId },
  );
  return evidenceFile(upload);
}

/** Evidence ids are UUIDs: anything else names no evidence stream. */
const EVIDENCE_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The certificate's scope names only the seller's own products; its evidence only the seller's own uploads. */
export async function submitCertificate(
  cx: CommandContext,
  actor: Actor,
  input: CertificateInput,
): Promise<CommandResult> {
  await assertActorMaySell(cx, actor);
  const { evidenceIds, ...details } = input;
  if (details.scope.kind !== 'seller') await ownProduct(cx, actor, details.scope.productId);
  const evidence: EvidenceFile[] = [];
  for (const evidenceId of evidenceIds) {
    const { state } = EVIDENCE_ID.test(evidenceId)
      ? await cx.streams.load(evidenceStream(evidenceId), evidenceDecider)
      : { state: null };
    if (!state || state.sellerId !== actor.userId)
      throw new ApiError(400, 'validation_failed', M.evidenceUnavailable, { evidenceIds: M.evidenceUnavailable });
    evidence.push(evidenceFile(state));
  }
  const certificateId = cx.newId();
  const command = {
    type: 'SubmitCertificate',
    certificateId,
    sellerId: actor.userId,
    details: { ...details, evidence },
    at: cx.now(),
  } as const;
  const { position } = await cx.streams.handle(certificateStream(certificateId), certificateDecider, command, {
    actor: actor.userId,
  });
  return { id: certificateId, position };
}

/** An admin's decision on a certificate: verify, reject or revoke (with a reason for the last two). */
export type CertificateDecision =
  | { type: 'VerifyCertificate'; byName: string }
  | { type: 'RejectCertificate'; reason: string }
  | { type: 'RevokeCertificate'; reason: string };

export async function decideCertificate(
  cx: CommandContext,
  admin: Actor,
  certificateId: string,
  decision: CertificateDecision,
): Promise<CommandResult> {
  if (!admin.roles.includes('admin'))
    throw new DomainError('forbidden', /*i18n*/ 'Only admins decide on certificates', 'forbidden');
  const command = { ...decision, certificateId, by: admin.userId, at: cx.now() };
  const { position } = await cx.streams.handle(certificateStream(certificateId), certificateDecider, command, {
    actor: admin.userId,
  });
  return { id: certificateId, position };
}

/** Why an admin opens a certificate's evidence: the check the queue asks of them. */
export const EVIDENCE_VIEW_REASON = 'Checking the certificate before deciding on it';

export interface EvidenceDownload {
  file: EvidenceFile;
  data: Buffer;
}

/**
 * An evidence file of a certificate, for its seller (`as: 'owner'`) or an admin: another
 * seller's certificate, or a file it was not submitted with, is not found.
 */
export async function evidenceDownload(
  cx: EvidenceContext,
  viewer: Actor,
  as: 'owner' | 'admin',
  certificateId: string,
  evidenceId: string,
): Promise<EvidenceDownload> {
  const { state } = await cx.streams.load(certificateStream(certificateId), certificateDecider);
  const mayView = as === 'admin' ? viewer.roles.includes('admin') : state?.sellerId === viewer.userId;
  if (!state || !mayView) throw notFound(M.certificateNotFound);
  if (!state.evidenceIds.includes(evidenceId)) throw notFound(M.evidenceNotFound);
  // An admin's look at a seller's evidence is recorded first, as every staff view of personal data is.
  if (as === 'admin')
    await recordPersonalDataView(cx, viewer, {
      surface: 'certificate-evidence',
      subject: `${certificateStream(certificateId)} ${evidenceId}`,
      reason: EVIDENCE_VIEW_REASON,
    });
  const { state: upload } = await cx.streams.load(evidenceStream(evidenceId), evidenceDecider);
  const blob = upload && (await cx.platform.blobs.get(upload.blobKey));
  if (!upload || !blob) throw notFound(M.evidenceNotFound);
  return { file: evidenceFile(upload), data: blob.data };
}
