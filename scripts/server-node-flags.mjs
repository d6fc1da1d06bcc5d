// Node flags of every process that serves the API: `npm start`, the bench (which serves in its own
// process) and the servers the test tiers start. One list, so what is measured is what runs.
//
// --max-semi-space-size=64: V8's young generation may grow to 64 MiB per semi-space (Node 20's
// default tops out at 16). Every request allocates short-lived objects; with the small default the
// scavenger ran many times a second and promoted the objects of requests still in flight, whose
// old-space collections paused the event loop for 10-20 ms. Measured on the open-loop bench
// (PostgreSQL, 1,250 purchases/s on the 2-core machine): p99 20-46 ms with the default, 7-11.5 ms
// with 64 (docs/DECISIONS.md "Young generation"). The cost is memory: up to 3 × 64 MiB more heap.
// Node 24's own default already grows about as far; the flag brings Node 20 and 22 there.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
