/**
 * The QR code of a product's provenance page (issue 29), for the tag its seller prints: an SVG
 * to scale to any size, and a PNG drawn in the image process (the server never loads libvips).
 */
import encodeQR from 'qr';
import { runImageJob } from './image-process.ts';

/** The quiet zone around the symbol, in modules: the 4 the standard asks for, so it scans beside print. */
export const QUIET_ZONE = 4;
/** Pixels per module of the PNG: some 300 px for a page's address, crisp printed 3 cm wide at 254 DPI. */
export const PNG_SCALE = 8;

/** The QR of `text` as an SVG, on white (qr draws the dark modules only) so that it scans on any background. */
export const qrSvg = (text: string): string =>
  encodeQR(text, 'svg', { border: QUIET_ZONE }).replace('>', '><rect width="100%" height="100%" fill="#fff"/>');

/** The QR of `text` as a grey PNG, PNG_SCALE pixels per module. */
export async function qrPng(text: string): Promise<Uint8Array> {
  const modules = encodeQR(text, 'raw', { border: QUIET_ZONE, scale: PNG_SCALE });
  const width = modules.length;
  const grey = new Uint8Array(width * width);
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      grey[y * width + x] = dark ? 0 : 255;
    });
  });
  const outcome = await runImageJob({ type: 'png', grey, width });
  if (!outcome.ok) throw new Error(`drawing the QR code of ${text} failed: ${outcome.message}`);
  return outcome.value;
}
