import { config } from 'zod/v4/core';

// The server's CSP allows no eval (packages/server/src/http/security-headers.ts): zod would otherwise try
// `new Function` once, be refused, and leave a CSP violation in the console before falling back to this.
// zod's core `config` only (not the `z` namespace), so the login page carries no more of zod than this.
config({ jitless: true });
