export { ActionButton, Details, EmailLayout, Paragraph, TextLink, Typed } from './email-layout.tsx';
export { renderEmail, type EmailContent } from './render-email.ts';
