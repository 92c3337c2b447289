/** The public provenance page of a product's code, and its QR codes. */
export const provenancePath = (code: string): string => `/provenance/${encodeURIComponent(code)}`;

export const qrHref = (code: string, format: 'svg' | 'png'): string =>
  `/api/provenance/${encodeURIComponent(code)}/qr.${format}`;
