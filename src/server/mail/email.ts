/**
 * What every <area>-emails.tsx builds its messages from, in one import: the layout and its
 * blocks (email-layout.tsx) and the renderer that turns a message into the outbox's bodies
 * (render-email.ts).
 */
export { ActionButton, Details, EmailLayout, Paragraph, TextLink, Typed } from './email-layout.tsx';
export { renderEmail, type EmailContent } from './render-email.ts';
