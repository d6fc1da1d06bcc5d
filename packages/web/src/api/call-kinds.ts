/**
 * Read or write is the call registry's `kind` (contract registry.ts): a read goes through `call` or
 * `useApiQuery`, everything else is a write and goes through the one mutation path (`api/write.ts`,
 * `useKeyedCall` for money), so it cannot skip the progress overlay. There is no list to keep here.
 */
export type { ReadPath, WritePath } from '@moneybox/contract';
