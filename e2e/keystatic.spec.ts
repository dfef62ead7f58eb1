/**
 * The marketing team's editor at /keystatic (README, "Editing the site"). Under `npm run dev` a
 * save writes the very file the site reads and the page shows the change; the production build
 * has no editor at all.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { test, expect } from './fixtures';

const DEV = process.env.E2E_SERVER === 'dev';
const SETTINGS = 'src/content/settings.json';
const FAQS = 'src/content/faqs/products.yaml';
const NEW_PHONE = '(555) 014-7777';
const NEW_ANSWER =
  'By card on Stripe Checkout; we never see your card details. Edited at /keystatic.';

test.describe('under npm run dev', () => {
  test.skip(!DEV, 'the editor saves files only under npm run dev (E2E_SERVER=dev)');
  // One test edits files on disk that every other page reads.
  test.describe.configure({ mode: 'serial' });

  const originals = new Map<string, string>();
  test.beforeEach(async () => {
    for (const file of [SETTINGS, FAQS]) originals.set(file, await readFile(file, 'utf8'));
  });
  test.afterEach(async () => {
    for (const [file, text] of originals) await writeFile(file, text);
  });

  test('a marketer changes the phone number and a FAQ answer, saves, and the site shows both', async ({
    page,
  }) => {
    const oldPhone = (JSON.parse(originals.get(SETTINGS)!) as { phone: string }).phone;

    await page.goto('/keystatic');
    await page.getByRole('link', { name: 'Site settings' }).first().click();
    const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
    await expect(phone).toHaveValue(oldPhone);
    await phone.fill(NEW_PHONE);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => readFile(SETTINGS, 'utf8')).toContain(`"phone": "${NEW_PHONE}"`);

    await page.getByRole('link', { name: 'FAQs' }).first().click();
    await page.getByRole('row', { name: 'products', exact: true }).click();
    await page.getByText('How do I pay?', { exact: true }).click();
    const item = page.getByRole('dialog');
    await item.getByRole('textbox', { name: 'Answer' }).fill(NEW_ANSWER);
    await item.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    // YAML folds a long answer over lines: compare it with its line breaks as spaces.
    const faqText = async () => (await readFile(FAQS, 'utf8')).replace(/\s+/g, ' ');
    await expect.poll(faqText).toContain(NEW_ANSWER);
    // Only the answer changed: every other question is still in the file.
    const saved = await readFile(FAQS, 'utf8');
    expect(saved.match(/- question:/g)).toHaveLength(
      originals.get(FAQS)!.match(/- question:/g)!.length,
    );

    await expect(async () => {
      await page.goto('/contact');
      await expect(page.getByRole('link', { name: NEW_PHONE }).first()).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(async () => {
      await page.goto('/products');
      // The products FAQ sits under the AI agent packages tab.
      await page.getByRole('tab', { name: 'AI Agent Packages' }).click();
      await page.getByText('How do I pay?', { exact: true }).click({ timeout: 2_000 });
      await expect(page.getByText(NEW_ANSWER)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });
});

test.describe('a production build', () => {
  test.skip(DEV, 'npm run dev has the editor');

  test('has no editor: /keystatic and its API are not found, and nothing links to them', async ({
    request,
    page,
  }) => {
    for (const path of ['/keystatic', '/keystatic/singleton/settings', '/api/keystatic/tree']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    const save = await request.post('/api/keystatic/update', { data: { additions: [] } });
    expect(save.status()).toBe(404);
    await page.goto('/');
    await expect(page.locator('a[href*="keystatic"]')).toHaveCount(0);
  });
});
