import { z } from 'zod';

// The server's CSP allows no eval (packages/server/src/http/security-headers.ts): zod would otherwise try
// `new Function` once, be refused, and leave a CSP violation in the console before falling back to this.
z.config({ jitless: true });
