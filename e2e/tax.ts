/** Browser-test helpers of the tax features: a seller with its tax profile, and the PDFs a page downloads. */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { signUpByApi } from './shop.ts';

/** Signs a seller up on `request` and saves its tax profile (the body PUT /api/sellers/{id}/tax-profile takes). */
export async function sellerWithTaxProfile(
  request: APIRequestContext,
  baseURL: string,
  name: string,
  profile: Record<string, unknown>,
): Promise<void> {
  await signUpByApi(request, baseURL, 'seller', name);
  const me = (await (await request.get('/api/auth/me')).json()) as { user: { id: string } };
  const saved = await request.put(`/api/sellers/${me.user.id}/tax-profile`, {
    headers: { origin: baseURL },
    data: profile,
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The PDF `page` downloads when `link` is clicked: its file name and its text (read with a PDF library). */
export async function downloadedPdf(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return { name: download.suggestedFilename(), text };
}
