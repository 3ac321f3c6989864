import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage, messageId: string): Promise<void>;
  close(): void;
}

/**
 * SMTP when `smtpUrl` is set; otherwise each message is written as an .eml file to
 * `mailDir`, so a developer can open exactly what a borrower would receive.
 */
export function createMailer({ smtpUrl, mailDir, from }: { smtpUrl?: string; mailDir: string; from: string }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl, { from });
    return {
      async send(message, messageId) {
        await transport.sendMail({ ...message, from, messageId });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message, messageId) {
      const info = await transport.sendMail({ ...message, from, messageId });
      await mkdir(mailDir, { recursive: true });
      const safeId = messageId.replace(/[^\w.-]/g, "_");
      await writeFile(
        path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeId}.eml`),
        info.message as Buffer,
      );
    },
    close: () => transport.close(),
  };
}
