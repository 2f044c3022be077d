import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './serializer.js';

const schema = z.object({ id: z.string(), name: z.string().nullable() });
const route = { schema, method: 'GET', url: '/thing', httpStatus: '200' };

describe('response serializer', () => {
  it('outside production, refuses a response with a field its schema does not name (a leak zod would strip)', () => {
    const serialize = responseSerializer('test')(route);
    expect(serialize({ id: 'a', name: null })).toBe('{"id":"a","name":null}');
    expect(() => serialize({ id: 'a', name: null, passwordHash: 'x' })).toThrow(/not exactly its schema/);
    expect(() => serialize({ id: 'a' })).toThrow();
  });

  it('in production, writes the presented response as it is', () => {
    const serialize = responseSerializer('production')(route);
    expect(serialize({ id: 'a', name: 'b' })).toBe('{"id":"a","name":"b"}');
  });
});
