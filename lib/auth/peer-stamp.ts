import http from "node:http";
import https from "node:https";
import { PEER_HEADER, UNKNOWN_PEER } from "./client-address";

// Route handlers see headers, not sockets. Before Next handles a request, this puts the socket's
// address on it as PEER_HEADER, replacing whatever a client sent under that name, so that
// clientAddress() can tell a trusted proxy from anyone else (TRUSTED_PROXIES). It wraps `emit`
// on the servers' prototypes, so it covers the server Next has already created (`next start`,
// `next dev`, and `next dev --experimental-https`, whose server is an https.Server).

const STAMPED = Symbol.for("agency-desk.peer-stamp");
/** The events that hand the application a new request (the last two only with `Expect:`). */
const REQUEST_EVENTS = new Set<string | symbol>(["request", "checkContinue", "checkExpectation"]);

type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;

/** Stamps `req` with its socket's address (UNKNOWN_PEER if the socket has already closed). */
export function stampRequest(req: http.IncomingMessage): void {
  req.headers[PEER_HEADER] = req.socket?.remoteAddress || UNKNOWN_PEER;
}

export function stampPeerAddress(): void {
  for (const proto of [http.Server.prototype, https.Server.prototype] as Array<{ emit: Emit; [STAMPED]?: true }>) {
    // https.Server does not inherit from http.Server; each prototype is wrapped once.
    if (Object.hasOwn(proto, STAMPED)) continue;
    const emit = proto.emit;
    proto.emit = function (this: unknown, event, ...args) {
      if (REQUEST_EVENTS.has(event)) stampRequest(args[0] as http.IncomingMessage);
      return emit.call(this, event, ...args);
    };
    proto[STAMPED] = true;
  }
}
