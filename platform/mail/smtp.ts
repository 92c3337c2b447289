import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { assertSender, checkedMessage, type Mailer, type MailMessage, type SentMail } from './port.ts';

/** Sends through an SMTP relay named by a URL such as `smtps://user:pass@smtp.example.in:465`. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    assertSender(from);
    this.transport = createTransport(url);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const checked = checkedMessage(message);
    const sentAt = new Date().toISOString();
    const info = await this.transport.sendMail({ ...checked, from: this.from });
    return { ...checked, id: info.messageId, from: this.from, sentAt };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
