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

/** The local mail folder's file names; none when the folder is not there. */
async function mailFileNames(mailDir: string): Promise<string[]> {
  try {
    return await readdir(mailDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

async function unlinkMailFiles(mailDir: string, names: string[]) {
  await Promise.all(
    names.map((name) =>
      unlink(path.join(mailDir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      }),
    ),
  );
}

/**
 * Deletes the local mail folder's files of these messages, every attempt's (an erasure:
 * decision 294). A folder that is not there holds none. Answers how many went.
 */
export async function deleteMailFiles(mailDir: string, messageIds: string[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  const endings = messageIds.map(mailFileEnding);
  const theirs = (await mailFileNames(mailDir)).filter((name) => endings.some((ending) => name.endsWith(ending)));
  await unlinkMailFiles(mailDir, theirs);
  return theirs.length;
}

/** The outbox job a mail file was written for, read from its name (`…-_job-42_outbox_.eml`); null for any other file. */
export function mailFileJobId(name: string): number | null {
  const id = /-_job-(\d{1,15})_outbox_\.eml$/.exec(name)?.[1];
  return id === undefined ? null : Number(id);
}

/**
 * Deletes the local mail folder's files whose outbox job is no longer held (`held` answers
 * which of the ids still are): what the retention job deleted goes from the folder too
 * (decision 304). Files of no job are left alone. Answers how many went.
 */
export async function deleteMailFilesOfGoneJobs(
  mailDir: string,
  held: (jobIds: number[]) => Promise<ReadonlySet<number>>,
): Promise<number> {
  const files = (await mailFileNames(mailDir)).flatMap((name) => {
    const jobId = mailFileJobId(name);
    return jobId === null ? [] : [{ name, jobId }];
  });
  const gone: string[] = [];
  for (let start = 0; start < files.length; start += 500) {
    const batch = files.slice(start, start + 500);
    const still = await held([...new Set(batch.map((file) => file.jobId))]);
    gone.push(...batch.filter((file) => !still.has(file.jobId)).map((file) => file.name));
  }
  await unlinkMailFiles(mailDir, gone);
  return gone.length;
}
