import { z } from 'astro/zod';

const httpsUrl = z.url({ protocol: /^https$/ });
const youtubeId = z
  .string()
  .regex(/^[\w-]{11}$/, 'a YouTube video id is 11 letters, digits, "-" or "_"')
  .describe('The 11-character id in a YouTube link: youtube.com/watch?v=<id>');

export const siteSettingsSchema = z.strictObject({
  name: z
    .string()
    .min(1)
    .describe('Agency name, as shown in the header, footer, e-mails and receipts'),
  tagline: z.string().min(1).describe('One line under the name, used in the web app manifest'),
  blurb: z.string().min(1).describe('Short description shown in the footer'),
  founded: z.int().min(1900).describe('Year the company was founded'),
  phone: z.string().min(1).describe('Main phone number as displayed, e.g. (206) 555-0100'),
  phoneHref: z
    .string()
    .regex(
      /^tel:\+\d{7,15}$/,
      'a tel: link with the number in international form, e.g. tel:+12065550100',
    )
    .describe('The same number as a tel: link in international form'),
  lilyPhoneHref: z
    .string()
    .regex(/^tel:\+\d{7,15}$/, 'a tel: link with the number in international form')
    .describe('tel: link of the Lily AI phone line ("Talk to Lily")'),
  supportEmail: z
    .email()
    .describe('Address for existing clients: footer, contact page, e-mails and receipts'),
  salesEmail: z.email().describe('Address for new business and job applications'),
  replyPromise: z.string().min(1).describe('How quickly contact messages are answered'),
  address: z
    .strictObject({
      street: z.string().min(1).describe('Street and suite, e.g. 1200 Pine Street, Suite 400'),
      locality: z.string().min(1).describe('City'),
      region: z.string().min(1).describe('State or region, e.g. WA'),
      postalCode: z.string().min(1).describe('ZIP or postal code'),
      country: z
        .string()
        .regex(/^[A-Z]{2}$/, 'a two-letter country code such as US')
        .describe('Two-letter country code'),
    })
    .describe('Postal address: footer, e-mail footers (required in marketing e-mail) and JSON-LD'),
  social: z
    .array(
      z.strictObject({
        label: z.string().min(1).describe('Network name shown to visitors, e.g. LinkedIn'),
        href: httpsUrl.describe("The agency's profile page on that network"),
      }),
    )
    .describe("The agency's social profiles: footer and search engines (JSON-LD sameAs)"),
  rentalHost: z
    .strictObject({
      signUpUrl: httpsUrl.describe(
        'Sign-up page of the rental-host video service: "Get Started Free" and "Start with Starter/Growth"',
      ),
      demoUrl: httpsUrl.describe(
        'Demo booking page of the rental-host video service: "Request a Demo"',
      ),
    })
    .describe('The rental-host product (/airbnb-automation) runs on its own site'),
  videos: z
    .strictObject({
      lilyDemo: youtubeId.describe('Home page: the Lily AI demo call (YouTube id)'),
      rentalHostDemo: youtubeId.describe('/airbnb-automation: the product demo video (YouTube id)'),
    })
    .describe('Videos, played through YouTube’s privacy-enhanced player'),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export function settingsJsonSchema() {
  return z.toJSONSchema(siteSettingsSchema, { io: 'input' });
}

export function parseSettings(value: unknown): SiteSettings {
  const result = siteSettingsSchema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`,
  );
  throw new Error(`src/content/settings.json is not valid:\n${problems.join('\n')}`);
}
