import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = ParsedMail & { envelopeTo: string[] };

/** A header as it was sent, unfolded (mailparser reads some, List-* among them, into objects of its own). */
export const headerOf = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name.toLowerCase())
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n[ \t]+/g, ' ');

/**
 * A real SMTP server on a free loopback port that keeps what it receives, so tests check mail
 * as it went over the wire rather than what our code meant to send.
 */
export async function startSmtpCapture(options: { onMessage?: (mail: CapturedMail) => Promise<void> } = {}) {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const mail = { ...parsed, envelopeTo: session.envelope.rcptTo.map((r) => r.address) };
          messages.push(mail);
          await options.onMessage?.(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves with the first message matching `match`, waiting up to `timeoutMs` for it. */
    async waitFor(match: (m: CapturedMail) => boolean, timeoutMs = 5000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('timed out waiting for mail');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
