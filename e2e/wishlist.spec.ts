import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { expectAccessible, listProduct, postByApi, signUpByApi } from './shop.ts';

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
] as const;

const cards = (page: Page) => page.getByRole('region', { name: 'Products' }).getByRole('article');
const heart = (page: Page, name: string) => page.getByRole('button', { name: `Save ${name} to wishlist` });
const savedProducts = (page: Page) => page.getByRole('list', { name: 'Saved products' }).getByRole('listitem');
const updates = (page: Page) => page.getByRole('region', { name: /^Updates/ });

/** A new seller, signed in on a context of their own, with two products on sale named after `suffix`. */
async function sellerWithProducts(browser: Browser, baseURL: string, suffix: string) {
  const context = await browser.newContext({ baseURL });
  await signUpByApi(context.request, baseURL, 'seller', `Kavya Crafts ${suffix}`);
  const lamp = { name: `Brass Lamp ${suffix}`, pricePaise: 1_500_00, stockQuantity: 5 };
  const bowl = { name: `Clay Bowl ${suffix}`, pricePaise: 450_00, stockQuantity: 5 };
  const lampId = await listProduct(context.request, baseURL, lamp);
  await listProduct(context.request, baseURL, bowl);
  return { context, lamp: { ...lamp, id: lampId }, bowl };
}

async function setPrice(
  request: APIRequestContext,
  baseURL: string,
  productId: string,
  pricePaise: number,
): Promise<void> {
  const response = await request.patch(`/api/seller/products/${productId}`, {
    data: { pricePaise },
    headers: { origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The wishlist from the header: its icon link on a desktop, the menu's link on a phone. */
async function openWishlist(page: Page, phone: boolean): Promise<void> {
  const header = page.getByRole('banner');
  if (phone) {
    await header.getByRole('button', { name: 'Menu' }).click();
    await header.getByRole('link', { name: 'Wishlist' }).click();
  } else {
    await header.getByRole('link', { name: /^Wishlist/ }).click();
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Wishlist');
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`wishlist on a ${name}`, () => {
    test.use({ viewport });
    const phone = name === 'phone';

    test('a buyer saves from a card and from a product page; a price cut shows live and as a notification', async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      const suffix = Math.random().toString(36).slice(2, 8);
      const seller = await sellerWithProducts(browser, baseURL!, suffix);
      try {
        await signUpByApi(page.request, baseURL!, 'buyer', 'Meena Iyer');

        await page.goto(`/products?q=${suffix}`);
        await expect(cards(page)).toHaveCount(2);
        const lampHeart = heart(page, seller.lamp.name);
        await expect(lampHeart).toHaveAttribute('aria-pressed', 'false');
        await lampHeart.click();
        await expect(lampHeart).toHaveAttribute('aria-pressed', 'true');
        await expect(page.getByText('Saved to Wishlist')).toBeVisible();

        await cards(page).filter({ hasText: seller.bowl.name }).getByRole('link', { name: seller.bowl.name }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(seller.bowl.name);
        const bowlHeart = heart(page, seller.bowl.name);
        await expect(bowlHeart).toHaveAttribute('aria-pressed', 'false');
        await bowlHeart.click();
        await expect(bowlHeart).toHaveAttribute('aria-pressed', 'true');

        await openWishlist(page, phone);
        await expect(savedProducts(page)).toHaveCount(2);
        // Newest first.
        await expect(savedProducts(page).first()).toContainText(seller.bowl.name);
        const lamp = savedProducts(page).filter({ hasText: seller.lamp.name });
        await expect(lamp).toContainText('₹1,500.00');
        await expect(lamp).toContainText('5 in stock');
        await expect(updates(page).getByText('No updates yet')).toBeVisible();
        await expectAccessible(page, testInfo, `wishlist-${name}`);

        // The seller cuts the price: the open page shows it, and the buyer is told.
        await setPrice(seller.context.request, baseURL!, seller.lamp.id, 1_200_00);
        await expect(lamp).toContainText('₹1,200.00');
        await expect(lamp).not.toContainText('₹1,500.00');
        const notice = updates(page)
          .getByRole('listitem')
          .filter({ hasText: `Price drop: ${seller.lamp.name}` });
        await expect(notice).toContainText('Now ₹1,200.00, was ₹1,500.00.');
        // A toast tells of it wherever the buyer is.
        await expect(page.getByRole('status').filter({ hasText: `Price drop: ${seller.lamp.name}` })).toBeVisible();
        if (!phone)
          await expect(page.getByRole('banner').getByRole('link', { name: 'Wishlist, 1 unread update' })).toBeVisible();
        await notice.getByRole('button', { name: 'Mark as read' }).click();
        await expect(notice.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
        if (!phone)
          await expect(page.getByRole('banner').getByRole('link', { name: 'Wishlist', exact: true })).toBeVisible();

        await lamp.getByRole('button', { name: 'Add to Cart' }).click();
        await expect(page.getByText('Item successfully added to your cart')).toBeVisible();
        await savedProducts(page).filter({ hasText: seller.bowl.name }).getByRole('button', { name: 'Remove' }).click();
        await expect(savedProducts(page)).toHaveCount(1);
        await page.reload();
        await expect(savedProducts(page)).toHaveCount(1);
        await expect(savedProducts(page)).toContainText(seller.lamp.name);
      } finally {
        await seller.context.close();
      }
    });

    test('signed out, the heart asks to log in, comes back and saves', async ({ page, browser, baseURL }, testInfo) => {
      const suffix = Math.random().toString(36).slice(2, 8);
      const seller = await sellerWithProducts(browser, baseURL!, suffix);
      const buyerContext = await browser.newContext({ baseURL });
      try {
        const buyer = await signUpByApi(buyerContext.request, baseURL!, 'buyer', 'Ravi Menon');

        await page.goto(`/products?q=${suffix}`);
        await expect(cards(page)).toHaveCount(2);
        await heart(page, seller.lamp.name).click();
        const dialog = page.getByRole('dialog', { name: 'Log in to save to your wishlist' });
        await expect(dialog).toBeVisible();
        await expectAccessible(page, testInfo, `wishlist-login-${name}`);
        await dialog.getByRole('link', { name: 'Log in' }).click();

        await expect(page).toHaveURL(/\/auth\?next=/);
        await page.getByLabel('Email').fill(buyer.email);
        await page.getByLabel('Password', { exact: true }).fill(buyer.password);
        await page.getByRole('button', { name: 'Sign In' }).click();

        await expect(page).toHaveURL(new RegExp(`/products\\?q=${suffix}$`));
        await expect(heart(page, seller.lamp.name)).toHaveAttribute('aria-pressed', 'true');
        await expect(heart(page, seller.bowl.name)).toHaveAttribute('aria-pressed', 'false');
        await expect(page.getByText('Saved to Wishlist')).toBeVisible();
      } finally {
        await buyerContext.close();
        await seller.context.close();
      }
    });
  });
}

test('a saved variant keeps its own price and stock live; its Add to Cart, with a question to answer, opens its page with it chosen and adds it once answered', async ({
  page,
  browser,
  baseURL,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const sellerContext = await browser.newContext({ baseURL });
  await signUpByApi(sellerContext.request, baseURL!, 'seller', `Moradabad Metals ${suffix}`);
  const name = `Name Pendant ${suffix}`;
  const metal = (value: string, pricePaise: number) => ({
    sku: `PENDANT-${value.toUpperCase()}-${suffix}`,
    optionValues: [value],
    pricePaise,
    stockQuantity: 5,
  });
  const productId = await listProduct(sellerContext.request, baseURL!, {
    name,
    pricePaise: undefined,
    stockQuantity: undefined,
    options: [{ name: 'Metal', values: ['Brass', 'Silver'] }],
    variants: [metal('Brass', 129_900), metal('Silver', 149_900)],
    personalisation: [{ question: 'Name to engrave', kind: 'text', maxLength: 12, required: true }],
  });
  await signUpByApi(page.request, baseURL!, 'buyer', 'Ritu Sharma');
  const { variants } = (await (await page.request.get(`/api/products/${productId}`)).json()) as {
    variants: Array<{ id: string; label: string }>;
  };
  const silver = variants.find((variant) => variant.label === 'Silver')!;
  await postByApi(page.request, baseURL!, '/api/wishlist/items', { productId, variantId: silver.id });

  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live');
  await page.goto('/wishlist');
  const item = savedProducts(page).filter({ hasText: name });
  await expect(item).toContainText('5 in stock');
  await live;
  // A live change of the product keeps the saved variant at its own price and stock.
  const stock = await sellerContext.request.put(`/api/seller/products/${productId}/stock`, {
    data: { stockQuantity: 4, variantId: silver.id },
    headers: { origin: baseURL! },
  });
  expect(stock.ok(), await stock.text()).toBe(true);
  await expect(item).toContainText('4 in stock');
  await expect(item).toContainText('₹1,499');
  await sellerContext.close();
  await item.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(`/products/${productId}?variant=${silver.id}`);
  await expect(page.getByText('Answer its questions, then Add to Cart.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Metal' }).getByRole('radio', { name: 'Silver' })).toBeChecked();
  expect(((await (await page.request.get('/api/cart')).json()) as { count: number }).count).toBe(0);
  await page.getByLabel('Name to engrave').fill('Ritu');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart')).toBeVisible();
  const cart = (await (await page.request.get('/api/cart')).json()) as {
    lines: Array<{ variantLabel: string; personalisation: Array<{ answer: string }> }>;
  };
  expect(cart.lines.map((line) => [line.variantLabel, line.personalisation.map((a) => a.answer)])).toEqual([
    ['Silver', ['Ritu']],
  ]);
});
