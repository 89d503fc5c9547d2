// The baseline for bench:broadcast: a bare socket.io server (same version, same websocket
// transport, no database, no auth) that broadcasts the same `shot:updated` payload Reelbench
// sends to one room. Started as its own process by broadcast.bench.mjs; prints its port.
import http from 'node:http';
import { Server } from 'socket.io';

const template = JSON.parse(process.env.BENCH_SHOT ?? '{}');
const server = http.createServer();
const io = new Server(server, { path: '/socket.io' });
io.on('connection', (socket) => {
  socket.on('join', (room, ack) => {
    socket.join(room);
    ack?.(true);
  });
  // The writer's request: one update, broadcast to the room, then acknowledged (as shot:update is).
  socket.on('broadcast', ({ room, description }, ack) => {
    const shot = { ...template, description, updated_at: new Date().toISOString() };
    io.to(room).emit('shot:updated', { projectId: template.project_id, shot });
    ack?.(true);
  });
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => process.exit(0));
