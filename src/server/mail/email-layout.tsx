// Outlook desktop ignores `max-width` (hence the MSO-only ghost table) and paints only `bgcolor`.
// Import each component from its own package: the `@react-email/components` barrel also loads
// 25 MB (Tailwind, Markdown, Prettier) that Netlify's tracer copies into the SSR function.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import { postalAddressLine, siteSettings } from '../../lib/site-settings.ts';

const COLOR = {
  brand: '#3b2fc9',
  ink: '#141a2e',
  muted: '#4a5370',
  page: '#f6f7fb',
  card: '#ffffff',
  line: '#d9dce8',
} as const;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const CARD_WIDTH = 600;

const DARK_MODE_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .email-page, .email-page > table > tbody > tr > td { background-color: #0f1222 !important; }
  .email-card { background-color: #191d33 !important; border-color: #2c3150 !important; }
  .email-ink, .email-ink td, .email-ink th { color: #e8eaf4 !important; }
  .email-muted { color: #b4b9d0 !important; }
  .email-brand { color: #b3adff !important; }
}
[data-ogsc] .email-page, [data-ogsc] .email-page > table > tbody > tr > td { background-color: #0f1222 !important; }
[data-ogsc] .email-card { background-color: #191d33 !important; }
[data-ogsc] .email-ink, [data-ogsc] .email-ink td, [data-ogsc] .email-ink th { color: #e8eaf4 !important; }
[data-ogsc] .email-muted { color: #b4b9d0 !important; }
[data-ogsc] .email-brand { color: #b3adff !important; }
`;

/** Only Outlook desktop (Word's renderer) reads it; a fixed string, never input. */
function OutlookOnly({ html }: { html: string }) {
  return <span dangerouslySetInnerHTML={{ __html: `<!--[if mso]>${html}<![endif]-->` }} />;
}

const wraps: CSSProperties = { overflowWrap: 'anywhere', wordBreak: 'break-word' };

/** Right-to-left names read right, and a 200-character "word" cannot widen the card. */
export function Typed({ children }: { children: string }) {
  return (
    <span dir="auto" style={wraps}>
      {children}
    </span>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text
      className="email-ink"
      style={{ margin: '0 0 14px', fontSize: 16, lineHeight: '24px', color: COLOR.ink, ...wraps }}
    >
      {children}
    </Text>
  );
}

export function TextLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="email-brand"
      style={{ color: COLOR.brand, textDecorationLine: 'underline', ...wraps }}
    >
      {children}
    </Link>
  );
}

export function Details({
  rows,
  amounts = false,
}: {
  rows: [label: string, value: string][];
  amounts?: boolean;
}) {
  const shown = rows.filter(([, value]) => value.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <table
      role="presentation"
      className="email-ink details"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{
        borderCollapse: 'collapse',
        margin: '4px 0 18px',
        fontSize: 15,
        lineHeight: '22px',
        tableLayout: 'fixed',
      }}
    >
      <tbody>
        {shown.map(([label, value]) => (
          <tr key={label}>
            <th
              align="left"
              style={{
                width: '34%',
                padding: '6px 12px 6px 0',
                verticalAlign: 'top',
                color: COLOR.muted,
                fontWeight: 600,
              }}
            >
              {label}
            </th>
            <td
              dir="auto"
              valign="top"
              {...(amounts ? { align: 'right' as const } : {})}
              style={{
                padding: '6px 0',
                color: COLOR.ink,
                whiteSpace: 'pre-line',
                ...wraps,
                ...(amounts ? { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } : {}),
              }}
            >
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const OUTLOOK_FILL: Record<string, string> = { bgcolor: COLOR.brand };

export function ActionButton({ href, children }: { href: string; children: string }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '6px 0 22px' }}>
      <tbody>
        <tr>
          <td
            align="center"
            {...OUTLOOK_FILL}
            style={{ borderRadius: 8, backgroundColor: COLOR.brand }}
          >
            <Button
              href={href}
              className="button"
              style={{
                backgroundColor: COLOR.brand,
                borderRadius: 8,
                color: '#ffffff',
                fontFamily: FONT,
                fontSize: 16,
                fontWeight: 600,
                lineHeight: '20px',
                padding: '12px 22px',
                textDecoration: 'none',
              }}
            >
              {children}
            </Button>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

type EmailLayoutProps = {
  heading: ReactNode;
  preheader: string;
  children: ReactNode;
};

export function EmailLayout({ heading, preheader, children }: EmailLayoutProps) {
  const { name, supportEmail, address } = siteSettings;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{typeof heading === 'string' ? heading : name}</title>
        <style>{DARK_MODE_CSS}</style>
      </Head>
      <Preview>{preheader}</Preview>
      <Body
        className="email-page"
        style={{ margin: 0, padding: '24px 12px', backgroundColor: COLOR.page, fontFamily: FONT }}
      >
        <OutlookOnly
          html={`<table role="presentation" align="center" width="${CARD_WIDTH}" cellpadding="0" cellspacing="0"><tr><td>`}
        />
        <Container
          className="email-card"
          style={{
            width: '100%',
            maxWidth: CARD_WIDTH,
            backgroundColor: COLOR.card,
            border: `1px solid ${COLOR.line}`,
            borderRadius: 12,
          }}
        >
          <Section style={{ padding: '22px 28px 0' }}>
            <Text
              className="email-brand"
              style={{
                margin: 0,
                fontSize: 18,
                lineHeight: '24px',
                fontWeight: 700,
                color: COLOR.brand,
              }}
            >
              {name}
            </Text>
          </Section>
          <Section className="email-ink" style={{ padding: '12px 28px 8px', color: COLOR.ink }}>
            <Heading
              as="h1"
              className="email-ink"
              style={{
                margin: '0 0 16px',
                fontSize: 22,
                lineHeight: '30px',
                color: COLOR.ink,
                ...wraps,
              }}
            >
              {heading}
            </Heading>
            {children}
          </Section>
          <Section style={{ padding: '0 28px 22px' }}>
            <Hr style={{ borderColor: COLOR.line, margin: '0 0 14px' }} />
            <Text
              className="email-muted"
              style={{ margin: 0, fontSize: 13, lineHeight: '20px', color: COLOR.muted }}
            >
              {name} · {postalAddressLine(address)}
              <br />
              Questions? Reply to this e-mail or write to{' '}
              <Link
                href={`mailto:${supportEmail}`}
                className="email-muted"
                style={{ color: COLOR.muted }}
              >
                {supportEmail}
              </Link>
              .
            </Text>
          </Section>
        </Container>
        <OutlookOnly html="</td></tr></table>" />
      </Body>
    </Html>
  );
}
