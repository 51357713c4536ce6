import http from "node:http";
import { PEER_HEADER } from "./client-address";

// Route handlers see headers, not sockets. Before Next handles a request, this puts the socket's
// address on it as PEER_HEADER, replacing whatever a client sent under that name, so that
// clientAddress() can tell a trusted proxy from anyone else (TRUSTED_PROXIES).

const STAMPED = Symbol.for("agency-desk.peer-stamp");

export function stampPeerAddress(): void {
  const proto = http.Server.prototype as http.Server & { [STAMPED]?: true };
  if (proto[STAMPED]) return;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "";
    }
    return (emit as (this: http.Server, event: string | symbol, ...rest: unknown[]) => boolean).call(this, event, ...args);
  } as typeof proto.emit;
  proto[STAMPED] = true;
}
