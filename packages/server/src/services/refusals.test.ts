import { Status } from '@moneybox/contract';
import { describe, expect, it } from 'vitest';
import { RateLimited } from '../domain/rate-limited.js';
import { StatusRefusal } from '../domain/status-refusal.js';
import { Refusal } from '../money/refusal.js';
import { OperatorError } from './operator/operator.service.js';
import { asRefusal } from './refusals.js';
import { TerminalDenied } from './terminal/terminal-hello.js';
import { TerminalRefused } from './terminal/terminal-refusal.js';

describe('the refusal family', () => {
  it('holds every refusal a user sees, each under its own family, and no fault', () => {
    const members = [
      new Refusal('credit', 'purchase'),
      new StatusRefusal(Status.INPUT_ERROR),
      new RateLimited(1000),
      new OperatorError('no'),
      new TerminalRefused('credit'),
      new TerminalDenied(4001, 'no'),
    ];
    expect(members.map((m) => asRefusal(m)?.family)).toEqual(['money', 'status', 'rate_limited', 'operator', 'terminal', 'terminal_denied']);
    expect(asRefusal(new Error('disk full'))).toBeUndefined();
    expect(asRefusal('refused')).toBeUndefined();
  });
});
