/**
 * A stand-in for components/message that records each message box instead of opening it:
 * `vi.mock('../components/message', () => import('../test/message-box'))`, then read `shown`.
 */
export const shown: string[] = [];

export function messageBox(text: string): Promise<void> {
  shown.push(text);
  return Promise.resolve();
}
