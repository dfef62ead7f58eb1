import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright';
import { executableOption } from './lib/browser.ts';
import { EMAIL_SAMPLES, ORDINARY } from '../src/testing/email-samples.ts';

const out = path.resolve('reports/emails');
await mkdir(out, { recursive: true });
const browser = await chromium.launch(executableOption());
const views = [
  { name: 'light', colorScheme: 'light', width: 720 },
  { name: 'dark', colorScheme: 'dark', width: 720 },
  { name: 'phone', colorScheme: 'light', width: 375 },
] as const;
for (const [kind, build] of Object.entries(EMAIL_SAMPLES)) {
  const { subject, html, text } = build(ORDINARY);
  await writeFile(path.join(out, `${kind}.html`), html);
  await writeFile(path.join(out, `${kind}.txt`), `Subject: ${subject}\n\n${text}`);
  for (const view of views) {
    const page = await browser.newPage({
      viewport: { width: view.width, height: 800 },
      colorScheme: view.colorScheme,
    });
    await page.setContent(html);
    await page.screenshot({ path: path.join(out, `${kind}-${view.name}.png`), fullPage: true });
    await page.close();
  }
}
await browser.close();
console.log(`${Object.keys(EMAIL_SAMPLES).length} e-mails written to ${out}`);
