import { createHash } from 'node:crypto';

/**
 * An enrolment code as stored (SHA-256, like session tokens), spaces and dashes dropped and case
 * folded as the boss may type it. Shared by the code's creation (enrolment.service.ts) and the
 * terminal's enrolment (services/terminal/terminal-hello.ts).
 */
export function hashCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');
}
