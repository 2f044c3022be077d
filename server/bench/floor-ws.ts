// The WebSocket benchmark's floor (npm run bench:ws), in a process of its own as the API is: a bare
// `ws` server and a bare HTTP endpoint, no database, no session, no hub. POST /send hands a message
// to its two people's sockets, as the API's send does after its insert; POST /broadcast sends one to
// every socket. What the API adds to a message's trip is the difference.
import http from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';

const byUser = new Map<string, Set<WebSocket>>();
const all = new Set<WebSocket>();

function sendTo(userId: string, text: string) {
  for (const socket of byUser.get(userId) ?? []) socket.send(text);
}

const server = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    if (request.method === 'POST' && request.url === '/send') {
      const { senderId, recipientId, message } = JSON.parse(body) as {
        senderId: string;
        recipientId: string;
        message: string;
      };
      // Shaped and sized like the API's message.created event.
      const event = {
        type: 'message.created',
        data: {
          _id: crypto.randomUUID(),
          chatId: crypto.randomUUID(),
          sender: {
            _id: senderId,
            username: 'floor',
            firstName: 'Floor',
            lastName: 'Sender',
            headline: '',
            profilePicture: '',
          },
          message,
          createdAt: new Date().toISOString(),
          clientMessageId: null,
        },
      };
      const text = JSON.stringify(event);
      sendTo(recipientId, text);
      sendTo(senderId, text);
      response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: event.data }));
      return;
    }
    if (request.method === 'POST' && request.url === '/broadcast') {
      const text = JSON.stringify({
        type: 'message.created',
        data: { message: (JSON.parse(body) as { message: string }).message },
      });
      for (const socket of all) socket.send(text);
      response.writeHead(204).end();
      return;
    }
    response.writeHead(404).end();
  });
});

const wss = new WebSocketServer({ server, maxPayload: 1024 });
wss.on('connection', (socket, request) => {
  const userId = new URL(request.url ?? '/', 'http://floor').searchParams.get('user') ?? '';
  let set = byUser.get(userId);
  if (!set) byUser.set(userId, (set = new Set()));
  set.add(socket);
  all.add(socket);
  socket.on('close', () => {
    set.delete(socket);
    all.delete(socket);
  });
});

server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
