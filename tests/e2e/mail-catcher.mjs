// A real SMTP server for the browser journeys: the journeys' server delivers its mail here,
// and the journeys read what arrived over HTTP (GET /mails?to=address).
import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.argv[2]);
const httpPort = Number(process.argv[3]);
const received = [];
const decode = (s) => s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
        text: decode(raw),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, "127.0.0.1");

createServer((req, res) => {
  const url = new URL(req.url, "http://localhost");
  const to = url.searchParams.get("to")?.toLowerCase();
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(to ? received.filter((m) => m.to.includes(to)) : received));
}).listen(httpPort, "127.0.0.1");
