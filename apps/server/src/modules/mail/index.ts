/**
 * The public face of the mail module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// What other modules call to send a mail: render a template, then put it in the outbox (in their transaction).
export { DEFAULT_MAIL_TEMPLATES } from './mail.base-data.ts';
// The module factory (wiring in app.ts).
export { mailModule } from './mail.module.ts';
export type { MailAttachment } from './mail.table.ts';
export { mailDateTime, type RenderedMail, renderTemplateMail } from './mail-templates.ts';
export { enqueueMail } from './outbox.ts';
