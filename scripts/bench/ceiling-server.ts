import Fastify, { LogController } from 'fastify';

// The ceiling: a bare Fastify route answering a fixed body from memory, on one core.
const port = Number(process.argv[2] ?? 8198);
const body = process.argv[3] ?? '{"code":20000,"message":"success","data":null}';
const server = Fastify({ logger: false, logController: new LogController({ disableRequestLogging: true }) });
server.get('/ceiling', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body);
});
await server.listen({ host: '127.0.0.1', port });
console.log('ready');
