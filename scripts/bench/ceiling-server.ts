import { readFileSync } from 'node:fs';
import Fastify, { LogController } from 'fastify';

// The ceiling: bare Fastify routes answering fixed bodies from memory (one per benchmarked answer,
// byte for byte the same), on one core. Bodies come as a JSON file { "/path": "body" }.
const port = Number(process.argv[2] ?? 8198);
const bodies = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as Record<string, string>;
const server = Fastify({ logger: false, logController: new LogController({ disableRequestLogging: true }) });
for (const [path, text] of Object.entries(bodies)) {
  // A ready buffer: the fastest way Fastify can answer (the adapter's cache stores buffers too).
  const body = Buffer.from(text);
  server.get(path, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(body);
  });
}
await server.listen({ host: '127.0.0.1', port });
console.log('ready');
