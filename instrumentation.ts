// Next's start-up hook: runs once per server process before it serves requests.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stampPeerAddress } = await import("./lib/auth/peer-stamp");
  stampPeerAddress();
  // Wrapped after the stamp, so it sees a request first: what it refuses never reaches Next.
  const { installRequestGate } = await import("./lib/security/request-gate");
  installRequestGate();
  const { startServer } = await import("./lib/startup");
  await startServer();
}
