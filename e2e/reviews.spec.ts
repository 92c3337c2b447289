import { type Page, expect, test } from '@playwright/test';
import { productNamed, signInByApi, signUpByApi } from './shop.ts';

const reviewsSection = (page: Page) => page.getByRole('region', { name: 'Customer Reviews' });

test('reviews: signed out, the list and a link to sign in', async ({ page }) => {
  const saree = await productNamed(page.request, 'Banarasi Silk Saree');
  await page.goto(`/products/${saree.id}`);
  const section = reviewsSection(page);
  // Signing in comes back to the product (issue 15).
  await expect(section.getByRole('link', { name: 'Login to write a review' })).toHaveAttribute(
    'href',
    `/auth?next=${encodeURIComponent(`/products/${saree.id}`)}`,
  );
  await expect(section.getByRole('form')).toHaveCount(0);
  // The demo buyer's review of the seed, with its author, date and stars.
  const review = section.getByRole('article').filter({ hasText: 'The zari work is exquisite' });
  await expect(review.getByRole('heading')).toHaveText('Ananya Sharma');
  await expect(review.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(review.getByRole('img', { name: /^Rated [1-5] out of 5$/ })).toBeVisible();
  // The rating at the top comes from the reviews.
  await expect(
    page
      .getByRole('main')
      .getByText(/\(\d+ reviews?\)/)
      .first(),
  ).toBeVisible();
});

test('reviews: a buyer without a delivered order is asked to purchase first', async ({ page, baseURL }) => {
  await signUpByApi(page.request, baseURL!, 'buyer', 'Ravi Iyer');
  const saree = await productNamed(page.request, 'Banarasi Silk Saree');
  await page.goto(`/products/${saree.id}`);
  await expect(reviewsSection(page).getByText('Purchase this product to write a review')).toBeVisible();
  await expect(reviewsSection(page).getByRole('radio')).toHaveCount(0);
});

test('reviews: the buyer of a delivered order updates their review, which shows in the list', async ({
  page,
  baseURL,
}) => {
  await signInByApi(page.request, baseURL!, 'buyer@mibi.demo', 'demo1234');
  const comb = await productNamed(page.request, 'Neem Wood Comb');
  await page.goto(`/products/${comb.id}`);
  const section = reviewsSection(page);
  const form = section.getByRole('form', { name: 'Update your review' });

  // They reviewed it already: the form starts from that review.
  await expect(form).toBeVisible();
  await expect(form.getByText(/You reviewed this product on .*Submitting again updates your review\./)).toBeVisible();
  const comment = form.getByLabel('Your review');
  await expect(comment).not.toHaveValue('');

  // Submit is disabled while the comment is empty.
  await comment.fill('   ');
  await expect(form.getByRole('button', { name: 'Update Review' })).toBeDisabled();

  const text = `Still my favourite comb, checked on ${Date.now()}`;
  await form.getByRole('radio', { name: '3 stars' }).check();
  await comment.fill(text);
  await form.getByRole('button', { name: 'Update Review' }).click();

  await expect(page.getByText('Review Submitted')).toBeVisible();
  await expect(page.getByText('Thank you for your review!')).toBeVisible();
  await expect(comment).toHaveValue('');
  await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
  const saved = section.getByRole('article').filter({ hasText: text });
  await expect(saved.getByRole('heading')).toHaveText('Ananya Sharma');
  await expect(saved.getByRole('img', { name: 'Rated 3 out of 5' })).toBeVisible();
  // Newest first.
  await expect(section.getByRole('article').first()).toContainText(text);
});

test('reviews: the rating is chosen with the keyboard', async ({ page, baseURL }) => {
  await signInByApi(page.request, baseURL!, 'buyer@mibi.demo', 'demo1234');
  const saffron = await productNamed(page.request, 'Kashmiri Saffron (2 g)');
  await page.goto(`/products/${saffron.id}`);
  const form = reviewsSection(page).getByRole('form');
  await form.getByRole('radio', { name: '5 stars' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
});
