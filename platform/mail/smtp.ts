import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { assertSender, checkedMessage, type Mailer, type MailMessage, messageIdOf, type SentMail } from './port.ts';

/** Sends through an SMTP relay named by a URL such as `smtps://user:pass@smtp.example.in:465`. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;
  /** The sender's domain, the right-hand side of the Message-IDs of keyed messages. */
  private readonly domain: string;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    assertSender(from);
    this.domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'mibi.local';
    this.transport = createTransport(url);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const { key, ...checked } = checkedMessage(message);
    const sentAt = new Date().toISOString();
    // A keyed message keeps its Message-ID across retries, so the recipient's mail keeps one copy.
    const messageId = key === undefined ? undefined : `<${messageIdOf({ ...checked, key })}@${this.domain}>`;
    const info = await this.transport.sendMail({ ...checked, from: this.from, ...(messageId && { messageId }) });
    return { ...checked, id: info.messageId, from: this.from, sentAt };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
