import { expect, test } from '@playwright/test';
import { expectAccessible } from './shop.ts';

const SCREENS = [
  { name: 'home', path: '/', heading: 'Make in India, Buy in India' },
  { name: 'auth', path: '/auth', heading: 'Welcome to MIBI' },
  { name: 'sign-up', path: '/auth?tab=signup', heading: 'Welcome to MIBI' },
  { name: 'categories', path: '/categories', heading: 'Shop by Category' },
  { name: 'about', path: '/about', heading: 'About MIBI' },
  { name: 'not-found', path: '/no/such/page', heading: '404' },
] as const;

for (const screen of SCREENS) {
  test(`${screen.name}: no serious or critical axe violations`, async ({ page }, testInfo) => {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
    await expectAccessible(page, testInfo, screen.name);
  });
}
