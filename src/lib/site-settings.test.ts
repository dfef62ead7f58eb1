import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fillSettings, postalAddressLine, siteSettings, youtubeEmbedUrl } from './site-settings';
import { parseSettings, settingsJsonSchema, siteSettingsSchema } from './site-settings.schema';

describe('src/content/settings.json', () => {
  it('parses against the schema, every field described for editors', () => {
    expect(parseSettings(siteSettings)).toEqual(siteSettings);
    const schema = settingsJsonSchema() as { properties: Record<string, { description?: string }> };
    const undocumented = Object.entries(schema.properties)
      .filter(([, p]) => !p.description)
      .map(([k]) => k);
    expect(undocumented).toEqual([]);
  });

  it('matches settings.schema.json (run `npm run settings:schema` after changing the schema)', async () => {
    const onDisk = JSON.parse(
      await readFile(new URL('../content/settings.schema.json', import.meta.url), 'utf8'),
    );
    expect(onDisk).toEqual(JSON.parse(JSON.stringify(settingsJsonSchema())));
  });

  it('refuses a misspelt key, a tel: link in local form and a plain-http link', () => {
    const bad = (patch: object) => siteSettingsSchema.safeParse({ ...siteSettings, ...patch });
    expect(bad({ supportEmial: 'x@y.com' }).success).toBe(false);
    expect(bad({ phoneHref: 'tel:(206) 555-1234' }).success).toBe(false);
    expect(
      bad({ rentalHost: { ...siteSettings.rentalHost, signUpUrl: 'http://hosts.agency.com' } })
        .success,
    ).toBe(false);
    expect(bad({ videos: { ...siteSettings.videos, lilyDemo: 'not an id' } }).success).toBe(false);
  });

  it('names every wrong field when the file is invalid (the message `npm run dev` and builds stop with)', () => {
    expect(() =>
      parseSettings({ ...siteSettings, supportEmail: 'nobody', founded: 'long ago' }),
    ).toThrow(/settings\.json is not valid:\n {2}founded: .*\n {2}supportEmail: /);
  });
});

describe('helpers', () => {
  it('builds the privacy-enhanced player URL and the one-line address', () => {
    expect(youtubeEmbedUrl('8mZRXg3Yh7E')).toBe(
      'https://www.youtube-nocookie.com/embed/8mZRXg3Yh7E?rel=0&modestbranding=1',
    );
    expect(
      postalAddressLine({
        street: '1 Pine St',
        locality: 'Seattle',
        region: 'WA',
        postalCode: '98101',
        country: 'US',
      }),
    ).toBe('1 Pine St, Seattle, WA 98101');
  });

  it('fills {{names}} in rendered Markdown, in text and URL-encoded in links, escaped', () => {
    const settings = { ...siteSettings, supportEmail: 'help@agency.com', name: 'A & <B>' };
    expect(
      fillSettings(
        '<a href="mailto:%7B%7BsupportEmail%7D%7D">{{supportEmail}}</a> from {{ name }}',
        settings,
      ),
    ).toBe('<a href="mailto:help@agency.com">help@agency.com</a> from A &amp; &lt;B&gt;');
  });

  it('throws on a name that is not a text setting, so a typo fails the build', () => {
    expect(() => fillSettings('{{supportEmial}}')).toThrow(/supportEmial/);
    expect(() => fillSettings('{{address}}')).toThrow(/not a text value/);
  });
});
