// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hiddenEdges } from './WideTable';

describe('the wide-table edge', () => {
  it('knows which sides of a table hide columns', () => {
    expect(hiddenEdges({ scrollLeft: 0, clientWidth: 800, scrollWidth: 800 })).toEqual({ left: false, right: false });
    expect(hiddenEdges({ scrollLeft: 0, clientWidth: 800, scrollWidth: 1200 })).toEqual({ left: false, right: true });
    expect(hiddenEdges({ scrollLeft: 200, clientWidth: 800, scrollWidth: 1200 })).toEqual({ left: true, right: true });
    expect(hiddenEdges({ scrollLeft: 400, clientWidth: 800, scrollWidth: 1200 })).toEqual({ left: true, right: false });
    // A fractional scroll position at either end is that end.
    expect(hiddenEdges({ scrollLeft: 399.5, clientWidth: 800, scrollWidth: 1200 })).toEqual({ left: true, right: false });
    expect(hiddenEdges({ scrollLeft: 0.5, clientWidth: 800, scrollWidth: 1200 })).toEqual({ left: false, right: true });
  });
});
