// The Node flags the server runs with (scripts/start.mjs; the benches and browser tests start it the same way).
// --max-semi-space-size=32: a larger young generation (Node's default is 16 MB) means fewer scavenges under load;
// the mixed member workload of issue #12 went from 1,266 to 1,416 req/s and its p99 from 438 to 400 ms on this
// 2-core machine (64 MB was no better). Costs at most ~48 MB more memory.
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];
