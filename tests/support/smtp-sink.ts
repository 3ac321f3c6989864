import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
}

/** A message the sink has read but not yet answered (see `hold`). */
export interface HeldMail {
  raw: string;
  /** Answer the sender: accepted (kept in `messages`) or refused with a temporary failure. */
  answer(outcome: "accept" | "refuse"): void;
}

/**
 * A real SMTP server that accepts every message and keeps it, for tests. `refuse`
 * makes it answer every message with a temporary failure (a mail outage); `hold`
 * makes it read each message and answer only when the test says (a slow server).
 */
export async function startSmtpSink(port = 0) {
  const messages: ReceivedMail[] = [];
  const held: HeldMail[] = [];
  let refusing = false;
  let holding = false;
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // On close, a connection the mailer keeps open is told 421 and dropped after this
    // long, not after smtp-server's default 30 s (which every test file paid).
    closeTimeout: 100,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const refuse = () =>
          callback(Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 }));
        const accept = () => {
          const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, " ") ?? "";
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject,
          });
          callback();
        };
        if (refusing) return refuse();
        if (holding) return void held.push({ raw, answer: (outcome) => (outcome === "accept" ? accept() : refuse()) });
        if (delayMs > 0) return void setTimeout(accept, delayMs);
        accept();
      });
    },
  });
  // A sender that is killed mid-message resets its connection: that is the sender's fault, not the test's.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    messages,
    held,
    refuse(value: boolean) {
      refusing = value;
    },
    hold(value: boolean) {
      holding = value;
    },
    /** Answers each message only after `ms` (a slow mail server). */
    slow(ms: number) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
