// The container's health check (deploy/Dockerfile HEALTHCHECK, deploy/compose.yml): exit 0 when the server's liveness
// endpoint answers 200 on this container's PORT, 1 otherwise (refused, another status, or no answer within 4 s).
const port = process.env.PORT || '3000';
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health/live`, {
    signal: AbortSignal.timeout(4000),
  });
  process.exit(response.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
