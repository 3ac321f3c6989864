import { mkdir, readdir, unlink, writeFile } from "node:fs/promises";
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
  /** Resolves when the mail server answers (connects and greets); rejects with the reason when it does not. */
  verify(): Promise<void>;
  close(): void;
}

/** How many messages go to the SMTP server at once, each on a pooled connection of its own. */
export const SMTP_CONNECTIONS = 4;

/**
 * SMTP when `smtpUrl` is set, over a small pool of kept connections; otherwise each
 * message is written as an .eml file to `mailDir`, so a developer can open exactly what
 * a borrower would receive.
 */
export function createMailer({ smtpUrl, mailDir, from }: { smtpUrl?: string; mailDir: string; from: string }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(
      {
        url: smtpUrl,
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
        maxMessages: 100,
        // A server that does not answer is given up on well within the outbox's lease.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      },
      { from },
    );
    return {
      async send(message, messageId) {
        await transport.sendMail({ ...message, from, messageId });
      },
      async verify() {
        await transport.verify();
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message, messageId) {
      const info = await transport.sendMail({ ...message, from, messageId });
      await mkdir(mailDir, { recursive: true });
      await writeFile(
        path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, "-")}${mailFileEnding(messageId)}`),
        info.message as Buffer,
      );
    },
    verify: async () => {},
    close: () => transport.close(),
  };
}

/** The message id the outbox gives the email of a job: the same on every attempt. */
export const jobMessageId = (jobId: number | string) => `<job-${jobId}@outbox>`;

/** How the name of the local mail folder's file of a message ends (it starts with when it was written). */
const mailFileEnding = (messageId: string) => `-${messageId.replace(/[^\w.-]/g, "_")}.eml`;

/**
 * Deletes the local mail folder's files of these messages, every attempt's (an erasure:
 * decision 294). A folder that is not there holds none. Answers how many went.
 */
export async function deleteMailFiles(mailDir: string, messageIds: string[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  let names: string[];
  try {
    names = await readdir(mailDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const endings = messageIds.map(mailFileEnding);
  const theirs = names.filter((name) => endings.some((ending) => name.endsWith(ending)));
  await Promise.all(
    theirs.map((name) =>
      unlink(path.join(mailDir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      }),
    ),
  );
  return theirs.length;
}
