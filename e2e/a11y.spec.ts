import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

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
    // Wait for data-driven content so the check sees the settled screen.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await testInfo.attach(`${screen.name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(blocking.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
  });
}
